package dev.ferrum.agent.image.writer;

import static dev.ferrum.agent.image.testing.Fixtures.disk;
import static dev.ferrum.agent.image.testing.Fixtures.sha256;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.ImageWriteException.Reason;
import dev.ferrum.agent.image.testing.Qcow2Fixture;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** qcow2 images made by hand in Java (always run): layouts, cluster kinds, resume, refusals, bounded memory. */
class ImageWriterQcow2Test {
    private final WriterHarness h = new WriterHarness();
    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        h.close();
    }

    private static Qcow2Fixture mixed(int version) {
        return mixed(version, 16);
    }

    /** 41 clusters, the last one partial: a run, lone clusters, packed compressed ones, a zero cluster. */
    private static Qcow2Fixture mixed(int version, int clusterBits) {
        int cs = 1 << clusterBits;
        Qcow2Fixture f = Qcow2Fixture.of(40L * cs + cs / 5 + 3).version(version).clusterBits(clusterBits);
        f.data(0, disk(cs, 30)).data(1, disk(cs, 31)).data(2, disk(cs, 32)) // a contiguous run
                .data(7, disk(cs, 33)).data(40, disk(cs, 34)) // the last, partial cluster
                .compressed(9, text(cs, "nine")).compressed(10, text(cs, "ten")).compressed(20, text(cs, "twenty"));
        if (version == 3) {
            f.zero(12);
        }
        return f;
    }

    private static byte[] text(int size, String word) {
        byte[] b = new byte[size];
        byte[] w = (word + " ").getBytes();
        for (int i = 0; i < size; i++) {
            b[i] = w[i % w.length];
        }
        return b;
    }

    private WriteResult write(byte[] qcow2, String path, Path target, ZeroHandling zeros) {
        h.server.serve(path, qcow2);
        return h.write(h.imageInfo(List.of(path), "disk_format", "qcow2", "checksum", sha256(qcow2)), target, zeros);
    }

    @Test
    void handMadeQcow2v3WithDataCompressedAndZeroClustersIsWrittenAsTheGuestSeesIt() throws IOException {
        Qcow2Fixture f = mixed(3);
        byte[] qcow2 = f.build();
        Path target = WriterHarness.emptyFile(dir, "t");
        // Old data on the "disk" where the image has zeros must be overwritten.
        Files.write(target, disk(f.expectedRaw().length, 99));

        WriteResult r = write(qcow2, "/a.qcow2", target, ZeroHandling.WRITE_ZEROS);

        assertThat(Files.readAllBytes(target)).isEqualTo(f.expectedRaw());
        assertThat(r.format()).isEqualTo(ContentFormat.QCOW2);
        assertThat(r.imageSize()).isEqualTo(f.expectedRaw().length);
        assertThat(r.bytesDownloaded()).isEqualTo(qcow2.length);
        assertThat(h.server.requests("/a.qcow2")).filteredOn(req -> req.range() != null).isNotEmpty()
                .allSatisfy(req -> assertThat(req.range()).matches("bytes=\\d+-\\d+"));
    }

    @Test
    void qcow2v2AndAwkwardLayoutsWork() throws IOException {
        for (Qcow2Fixture f : List.of(mixed(2), mixed(3).l2AtEnd().reverseData(), mixed(3, 9).reverseData(),
                mixed(3, 21))) {
            byte[] qcow2 = f.build();
            Path target = WriterHarness.emptyFile(dir, "t" + f.hashCode());
            write(qcow2, "/f" + f.hashCode() + ".qcow2", target, ZeroHandling.WRITE_ZEROS);
            assertThat(Files.readAllBytes(target)).isEqualTo(f.expectedRaw());
        }
    }

    @Test
    void onASparseFileZeroRangesStayHoles() throws IOException {
        Qcow2Fixture f = mixed(3);
        Path target = WriterHarness.emptyFile(dir, "t");

        WriteResult r = write(f.build(), "/a.qcow2", target, ZeroHandling.SKIP_ZEROS);

        assertThat(Files.readAllBytes(target)).isEqualTo(f.expectedRaw());
        assertThat(r.bytesWritten()).isLessThan(f.expectedRaw().length / 2);
    }

    @Test
    void droppedConnectionsDuringTheStreamAreResumed() throws IOException {
        Qcow2Fixture f = mixed(3).l2AtEnd();
        byte[] qcow2 = f.build();
        h.server.serve("/a.qcow2", qcow2).drop(3, 150_000);
        Path target = WriterHarness.emptyFile(dir, "t");

        WriteResult r = h.write(h.imageInfo(List.of("/a.qcow2"), "checksum", sha256(qcow2)), target, ZeroHandling.WRITE_ZEROS);

        assertThat(Files.readAllBytes(target)).isEqualTo(f.expectedRaw());
        assertThat(r.resumes()).isGreaterThanOrEqualTo(1);
    }

    @Test
    void aServerWithoutRangeSupportIsAnActionableError() {
        byte[] qcow2 = mixed(3).build();
        h.server.serve("/a.qcow2", qcow2).noRanges();
        Path target = WriterHarness.emptyFile(dir, "t");

        assertThatThrownBy(() -> h.write(h.imageInfo(List.of("/a.qcow2"), "checksum", sha256(qcow2)), target,
                ZeroHandling.WRITE_ZEROS))
                .isInstanceOf(ImageWriteException.class)
                .hasMessageContaining("Range")
                .hasMessageContaining("publish it as a raw image");
        assertThat(new java.io.File(target.toString()).length()).isZero();
    }

    @Test
    void backingFilesAndEncryptionAreRefused() {
        byte[] backed = mixed(3).build();
        java.nio.ByteBuffer.wrap(backed).putLong(8, 4096).putInt(16, 10);
        byte[] encrypted = mixed(3).build();
        java.nio.ByteBuffer.wrap(encrypted).putInt(32, 2);
        h.server.serve("/backed.qcow2", backed);
        h.server.serve("/enc.qcow2", encrypted);
        Path target = WriterHarness.emptyFile(dir, "t");

        assertThatThrownBy(() -> h.write(h.imageInfo(List.of("/backed.qcow2"), "checksum", sha256(backed)), target,
                ZeroHandling.WRITE_ZEROS)).isInstanceOf(ImageWriteException.class).hasMessageContaining("backing file")
                .extracting(e -> ((ImageWriteException) e).reason()).isEqualTo(Reason.INVALID_IMAGE);
        assertThatThrownBy(() -> h.write(h.imageInfo(List.of("/enc.qcow2"), "checksum", sha256(encrypted)), target,
                ZeroHandling.WRITE_ZEROS)).isInstanceOf(ImageWriteException.class).hasMessageContaining("encrypted (LUKS)");
    }

    @Test
    void metadataThatDiffersFromTheStreamedBytesIsCaught() {
        // A checksum that covers the file is useless if the L2 tables acted on came from elsewhere:
        // here the stream passes, but the Range answers are of another file with the same validators.
        Qcow2Fixture f = mixed(3);
        byte[] qcow2 = f.build();
        byte[] other = mixed(3).data(3, disk(1 << 16, 77)).build();
        var source = new SplitBrainSource(qcow2, other, h.server.url("/a.qcow2"));
        var writer = new ImageWriter(h.config, source, h.clock, d -> { });
        Path target = WriterHarness.emptyFile(dir, "t");

        assertThatThrownBy(() -> writer.write(h.request(h.imageInfo(List.of("/a.qcow2"), "checksum", sha256(qcow2))),
                ImageTarget.disk(target), writer.newProgress()))
                .isInstanceOf(ImageWriteException.class)
                .hasMessageContaining("differs from the same bytes in the full download");
    }

    @Test
    void memoryStaysBoundedForA512MiBImage() throws IOException {
        int cs = 1 << 16;
        long virtual = 512L << 20;
        Qcow2Fixture f = Qcow2Fixture.of(virtual);
        long[] dataAt = {0, 1, 1000, 4095, 6000, virtual / cs - 1};
        for (long i : dataAt) {
            f.data(i, disk(cs, i));
        }
        for (long i = 2; i < 2000; i += 3) {
            f.compressed(i + 3000, text(cs, "cluster " + i));
        }
        byte[] qcow2 = f.build();
        Path target = WriterHarness.emptyFile(dir, "t");

        WriteResult r = write(qcow2, "/big.qcow2", target, ZeroHandling.SKIP_ZEROS);

        assertThat(Files.size(target)).isEqualTo(virtual);
        try (RandomAccessFile raf = new RandomAccessFile(target.toFile(), "r")) {
            for (long i : new long[] {0, 1, 1000, 3005, 3008, 4095, 5000, 6000, 7000, virtual / cs - 1}) {
                byte[] cluster = new byte[cs];
                raf.seek(i * cs);
                raf.readFully(cluster);
                assertThat(Arrays.equals(cluster, f.expectedCluster(i))).as("cluster %d", i).isTrue();
            }
        }
        // The writer's own buffers: a 4 MiB chunk for metadata and streaming, one cluster, small fry.
        assertThat(r.memory().largestBuffer()).isLessThanOrEqualTo(4L << 20);
        assertThat(r.memory().bufferBytes()).isLessThan(4 * (4L << 20) + 4 * cs);
        assertThat(r.memory().mapBytes()).isLessThan(256 * 1024);
    }

    @Test
    void memoryStaysBoundedForA512MiBCompressedRawImage() throws IOException {
        long size = 512L << 20;
        var bytes = new java.io.ByteArrayOutputStream();
        try (var gz = new java.util.zip.GZIPOutputStream(bytes, 1 << 16)) {
            byte[] block = new byte[1 << 20];
            block[0] = 42; // not all zeros: some chunks are written, most are skipped
            for (long done = 0; done < size; done += block.length) {
                gz.write(block);
            }
        }
        byte[] published = bytes.toByteArray();
        Path target = WriterHarness.emptyFile(dir, "t");

        WriteResult r = write(published, "/big.raw.gz", target, ZeroHandling.SKIP_ZEROS);

        assertThat(r.imageSize()).isEqualTo(size);
        assertThat(Files.size(target)).isEqualTo(size);
        // One chunk for the target writes, two chunks of read-ahead buffers (read, digest, write overlap).
        long chunk = ImageWriterConfig.defaults().chunkSize();
        assertThat(r.memory().largestBuffer()).isEqualTo(chunk);
        assertThat(r.memory().bufferBytes()).isLessThanOrEqualTo(3 * chunk);
        assertThat(r.memory().mapBytes()).isZero();
    }
}
