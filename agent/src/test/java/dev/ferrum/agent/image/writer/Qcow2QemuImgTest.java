package dev.ferrum.agent.image.writer;

import static dev.ferrum.agent.image.testing.Fixtures.sha256;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.agent.image.testing.Fixtures;
import dev.ferrum.agent.image.testing.Qcow2Fixture;
import dev.ferrum.agent.image.testing.QemuImg;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * qcow2 images made by the reference tool, written by the agent and compared byte for byte with
 * {@code qemu-img convert -O raw}. Skipped, saying so, when qemu-img (Debian: qemu-utils) is missing.
 */
class Qcow2QemuImgTest {
    private final WriterHarness h = new WriterHarness();
    private QemuImg qemu;
    @TempDir
    Path dir;

    @BeforeEach
    void needQemuImg() {
        Optional<QemuImg> found = QemuImg.find();
        Assumptions.assumeTrue(found.isPresent(), "qemu-img not installed (apt-get install qemu-utils): qemu-img tests skipped");
        qemu = found.get();
    }

    @AfterEach
    void stop() {
        h.close();
    }

    /** A 64 MiB sparse raw disk with data scattered over it. */
    private Path sparseRaw() throws IOException {
        Path raw = dir.resolve("source.raw");
        try (RandomAccessFile f = new RandomAccessFile(raw.toFile(), "rw")) {
            f.setLength(64L << 20);
            long[] at = {0, 1 << 20, 5L << 20, (5L << 20) + 65536 * 3 + 512, 40L << 20, (64L << 20) - 700_000};
            for (int i = 0; i < at.length; i++) {
                f.seek(at[i]);
                f.write(Fixtures.disk(300_000 + i * 10_000, i));
            }
        }
        return raw;
    }

    private void assertWrittenLikeQemu(Path qcow2, ZeroHandling zeros) throws IOException {
        byte[] published = Files.readAllBytes(qcow2);
        Path expected = dir.resolve(qcow2.getFileName() + ".expected");
        qemu.run("convert", "-f", "qcow2", "-O", "raw", qcow2.toString(), expected.toString());
        String path = "/" + qcow2.getFileName();
        h.server.serve(path, published);
        Path target = WriterHarness.emptyFile(dir, qcow2.getFileName() + ".target");
        if (zeros == ZeroHandling.WRITE_ZEROS) {
            Files.write(target, Fixtures.disk((int) Files.size(expected), 1234)); // stale data to overwrite
        }

        WriteResult r = h.write(h.imageInfo(List.of(path), "disk_format", "qcow2", "checksum", sha256(published)), target, zeros);

        assertThat(r.format()).isEqualTo(ContentFormat.QCOW2);
        assertThat(Files.size(target)).isEqualTo(Files.size(expected));
        assertThat(Files.mismatch(target, expected)).as("first differing byte of %s", qcow2.getFileName()).isEqualTo(-1);
    }

    @Test
    void sparseQcow2v3() throws IOException {
        Path q = dir.resolve("sparse.qcow2");
        qemu.run("convert", "-f", "raw", "-O", "qcow2", sparseRaw().toString(), q.toString());
        assertWrittenLikeQemu(q, ZeroHandling.WRITE_ZEROS);
    }

    @Test
    void compressedClusters() throws IOException {
        Path q = dir.resolve("compressed.qcow2");
        qemu.run("convert", "-c", "-f", "raw", "-O", "qcow2", sparseRaw().toString(), q.toString());
        assertWrittenLikeQemu(q, ZeroHandling.SKIP_ZEROS);
    }

    @Test
    void zstdCompressedClusters() throws IOException {
        Path q = dir.resolve("zstd.qcow2");
        try {
            qemu.run("convert", "-c", "-f", "raw", "-O", "qcow2", "-o", "compression_type=zstd", sparseRaw().toString(), q.toString());
        } catch (IllegalStateException e) {
            Assumptions.abort("this qemu-img has no zstd support: " + e.getMessage());
        }
        assertWrittenLikeQemu(q, ZeroHandling.WRITE_ZEROS);
    }

    @Test
    void version2SmallClustersAndBigClusters() throws IOException {
        Path raw = sparseRaw();
        for (String[] o : List.of(new String[] {"v2.qcow2", "compat=0.10"}, new String[] {"c4k.qcow2", "cluster_size=4096"},
                new String[] {"c2m.qcow2", "cluster_size=2M"}, new String[] {"c512.qcow2", "cluster_size=512"})) {
            Path q = dir.resolve(o[0]);
            qemu.run("convert", "-f", "raw", "-O", "qcow2", "-o", o[1], raw.toString(), q.toString());
            assertWrittenLikeQemu(q, ZeroHandling.WRITE_ZEROS);
        }
    }

    @Test
    void zeroClustersWrittenByQemuIo() throws IOException {
        Path q = dir.resolve("zeros.qcow2");
        qemu.run("convert", "-f", "raw", "-O", "qcow2", sparseRaw().toString(), q.toString());
        Optional<Path> qemuIo = QemuImg.find().map(x -> Path.of("/usr/bin/qemu-io"));
        Assumptions.assumeTrue(qemuIo.isPresent() && Files.isExecutable(qemuIo.get()), "qemu-io missing: skipped");
        Process p = new ProcessBuilder(qemuIo.get().toString(), "-f", "qcow2", "-c", "write -z 1M 4M", q.toString())
                .redirectErrorStream(true).start();
        try {
            assertThat(p.waitFor()).isZero();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
        assertWrittenLikeQemu(q, ZeroHandling.WRITE_ZEROS);
    }

    @Test
    void theHandMadeFixtureIsAValidQcow2ForQemu() throws IOException {
        Qcow2Fixture f = Qcow2Fixture.of(3L << 20).data(0, Fixtures.disk(65536, 1)).data(5, Fixtures.disk(65536, 2))
                .compressed(7, "compressible ".repeat(6000).getBytes()).compressed(8, "more ".repeat(20000).getBytes())
                .zero(9).l2AtEnd().reverseData();
        Path q = dir.resolve("handmade.qcow2");
        Files.write(q, f.build());
        qemu.run("check", q.toString());
        Path raw = dir.resolve("handmade.raw");
        qemu.run("convert", "-f", "qcow2", "-O", "raw", q.toString(), raw.toString());
        assertThat(Files.readAllBytes(raw)).isEqualTo(f.expectedRaw());
    }
}
