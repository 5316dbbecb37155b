package dev.ferrum.agent.image.writer;

import static dev.ferrum.agent.image.testing.Fixtures.disk;
import static dev.ferrum.agent.image.testing.Fixtures.sha256;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.agent.image.ChecksumPolicy;
import dev.ferrum.agent.image.HashAlgorithm;
import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.ImageWriteException.Reason;
import dev.ferrum.agent.image.WriteProgress;
import dev.ferrum.agent.image.testing.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Raw and compressed-raw images over real HTTP: formats, checksums in all their spellings, URL failover. */
class ImageWriterRawTest {
    private final WriterHarness h = new WriterHarness();
    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        h.close();
    }

    @Test
    void rawImageIsStreamedToTheTargetAndVerified() throws IOException {
        byte[] image = disk(9 * 1024 * 1024 + 1234, 1);
        h.server.serve("/disk.raw", image);
        Path target = WriterHarness.emptyFile(dir, "disk");

        WriteResult r = h.write(h.imageInfo(List.of("/disk.raw"), "os_hash_algo", "sha256", "os_hash_value", sha256(image)),
                target, ZeroHandling.WRITE_ZEROS);

        assertThat(Files.readAllBytes(target)).isEqualTo(image);
        assertThat(r.format()).isEqualTo(ContentFormat.RAW);
        assertThat(r.algorithm()).isEqualTo(HashAlgorithm.SHA256);
        assertThat(r.checksum()).isEqualTo(sha256(image));
        assertThat(r.imageSize()).isEqualTo(image.length);
        assertThat(r.bytesDownloaded()).isEqualTo(image.length);
        assertThat(r.bytesWritten()).isEqualTo(image.length);
        assertThat(r.resumes()).isZero();
        assertThat(h.server.requests("/disk.raw")).hasSize(1)
                .allSatisfy(req -> assertThat(req.acceptEncoding()).isEqualTo("identity"));
    }

    @Test
    void compressedRawImagesAreDecompressedWhileStreamingAndTheChecksumCoversTheCompressedBytes() throws IOException {
        byte[] image = disk(6 * 1024 * 1024 + 77, 2);
        for (var c : List.of(new Object[] {"gzip", Fixtures.gzip(image), ContentFormat.GZIP},
                new Object[] {"zst", Fixtures.zstd(image), ContentFormat.ZSTD},
                new Object[] {"xz", Fixtures.xz(image), ContentFormat.XZ})) {
            byte[] published = (byte[]) c[1];
            h.server.serve("/disk.raw." + c[0], published);
            Path target = WriterHarness.emptyFile(dir, "disk-" + c[0]);

            WriteResult r = h.write(h.imageInfo(List.of("/disk.raw." + c[0]), "disk_format", "raw",
                    "os_hash_algo", "sha512", "os_hash_value", Fixtures.sha512(published)), target, ZeroHandling.WRITE_ZEROS);

            assertThat(Files.readAllBytes(target)).as("%s", c[0]).isEqualTo(image);
            assertThat(r.format()).isEqualTo(c[2]);
            assertThat(r.bytesDownloaded()).isEqualTo(published.length);
            assertThat(r.imageSize()).isEqualTo(image.length);
        }
    }

    @Test
    void filesMadeByTheReferenceZstdAndXzToolsDecode() throws IOException {
        // Made with `zstd -19 --no-check` (two frames, concatenated) and `xz -6 --check=sha256`; see the resources' README.
        byte[] expected = Fixtures.disk(300_000, 42);
        for (String name : List.of("disk42.raw.zst", "disk42.raw.xz")) {
            byte[] published;
            try (var in = getClass().getResourceAsStream("/images/" + name)) {
                published = in.readAllBytes();
            }
            h.server.serve("/" + name, published);
            Path target = WriterHarness.emptyFile(dir, name);
            h.write(h.imageInfo(List.of("/" + name), "checksum", sha256(published)), target, ZeroHandling.WRITE_ZEROS);
            assertThat(Files.readAllBytes(target)).as(name).isEqualTo(expected);
        }
    }

    @Test
    void legacyChecksumIsRecognisedByLength() throws IOException {
        byte[] image = disk(300_000, 3);
        h.server.serve("/a.img", image);
        Path t1 = WriterHarness.emptyFile(dir, "t1");
        Path t2 = WriterHarness.emptyFile(dir, "t2");

        assertThat(h.write(h.imageInfo(List.of("/a.img"), "checksum", Fixtures.sha512(image)), t1, ZeroHandling.WRITE_ZEROS)
                .algorithm()).isEqualTo(HashAlgorithm.SHA512);
        assertThat(h.write(h.imageInfo(List.of("/a.img"), "checksum", sha256(image).toUpperCase()), t2, ZeroHandling.WRITE_ZEROS)
                .algorithm()).isEqualTo(HashAlgorithm.SHA256);
        assertThat(Files.readAllBytes(t2)).isEqualTo(image);
    }

    @Test
    void md5IsRefusedUnlessAllowed() throws IOException {
        byte[] image = disk(100_000, 4);
        h.server.serve("/a.img", image);
        var info = h.imageInfo(List.of("/a.img"), "checksum", Fixtures.md5(image));

        assertThatThrownBy(() -> h.request(info)).isInstanceOf(ImageWriteException.class)
                .hasMessageContaining("md5").extracting(e -> ((ImageWriteException) e).reason()).isEqualTo(Reason.INVALID_REQUEST);

        h.parsePolicy = new ChecksumPolicy(true);
        h.config = h.config.withChecksums(new ChecksumPolicy(true));
        Path target = WriterHarness.emptyFile(dir, "t");
        assertThat(h.write(info, target, ZeroHandling.WRITE_ZEROS).algorithm()).isEqualTo(HashAlgorithm.MD5);
        assertThat(Files.readAllBytes(target)).isEqualTo(image);
    }

    @Test
    void checksumFileUrlIsFetchedAndTheLineForTheImageIsUsed() throws IOException {
        byte[] image = disk(200_000, 5);
        h.server.serve("/images/focal.img", image);
        h.server.serve("/images/SHA256SUMS", (sha256(new byte[] {1}) + "  other.img\n" + sha256(image) + " *focal.img\n").getBytes());
        Path target = WriterHarness.emptyFile(dir, "t");

        WriteResult r = h.write(h.imageInfo(List.of("/images/focal.img"), "checksum", h.server.url("/images/SHA256SUMS?sig=x").toString()),
                target, ZeroHandling.WRITE_ZEROS);

        assertThat(r.algorithm()).isEqualTo(HashAlgorithm.SHA256);
        assertThat(Files.readAllBytes(target)).isEqualTo(image);
    }

    @Test
    void md5FromAChecksumFileIsRefusedBeforeDownloadingTheImage() {
        byte[] image = disk(100_000, 6);
        h.server.serve("/a.img", image);
        h.server.serve("/a.img.md5", Fixtures.md5(image).getBytes());
        Path target = WriterHarness.emptyFile(dir, "t");

        assertThatThrownBy(() -> h.write(h.imageInfo(List.of("/a.img"), "checksum", h.server.url("/a.img.md5").toString()),
                target, ZeroHandling.WRITE_ZEROS)).isInstanceOf(ImageWriteException.class).hasMessageContaining("md5");
        assertThat(h.server.requests("/a.img")).isEmpty();
    }

    @Test
    void firstUrlFailingFallsOverToTheNext() throws IOException {
        byte[] image = disk(500_000, 7);
        h.server.serve("/good.img", image);
        h.server.serve("/broken.img", image).status(500, Integer.MAX_VALUE);
        Path target = WriterHarness.emptyFile(dir, "t");

        WriteResult r = h.write(h.imageInfo(List.of("/missing.img?token=secret", "/broken.img", "/good.img"),
                "checksum", sha256(image)), target, ZeroHandling.WRITE_ZEROS);

        assertThat(r.url()).endsWith("/good.img");
        assertThat(Files.readAllBytes(target)).isEqualTo(image);
        assertThat(h.server.requests("/broken.img")).hasSize(1 + 5); // first try + RetryPolicy(5) retries
    }

    @Test
    void allUrlsFailingIsOneErrorListingEachWithoutQueryStrings() {
        Path target = WriterHarness.emptyFile(dir, "t");
        var info = h.imageInfo(List.of("/missing.img?temp_url_sig=SECRET", "/gone.img"), "checksum", sha256(new byte[1]));

        assertThatThrownBy(() -> h.write(info, target, ZeroHandling.WRITE_ZEROS))
                .isInstanceOf(ImageWriteException.class)
                .hasMessageContaining("any of its 2 URL(s)")
                .hasMessageContaining("/missing.img?… answered HTTP 404")
                .hasMessageContaining("/gone.img answered HTTP 404")
                .hasMessageNotContaining("SECRET")
                .extracting(e -> ((ImageWriteException) e).ipaErrorType()).isEqualTo("ImageDownloadError");
        assertThat(h.progress.snapshot().phase()).isEqualTo(WriteProgress.Phase.FAILED);
    }

    @Test
    void checksumMismatchFailsNamingBothDigestsAndWipesTheTargetHead() throws IOException {
        byte[] image = disk(3 * 1024 * 1024, 8);
        h.server.serve("/a.img", image);
        Path target = WriterHarness.emptyFile(dir, "t");
        String wrong = sha256("something else".getBytes());

        assertThatThrownBy(() -> h.write(h.imageInfo(List.of("/a.img"), "os_hash_algo", "sha256", "os_hash_value", wrong),
                target, ZeroHandling.WRITE_ZEROS))
                .isInstanceOf(ImageWriteException.class)
                .hasMessageContaining("expected sha256 " + wrong)
                .hasMessageContaining("hash to " + sha256(image))
                .extracting(e -> ((ImageWriteException) e).reason()).isEqualTo(Reason.CHECKSUM_MISMATCH);
        byte[] written = Files.readAllBytes(target);
        assertThat(java.util.Arrays.copyOf(written, 1 << 20)).containsOnly(0);
        assertThat(h.progress.snapshot().phase()).isEqualTo(WriteProgress.Phase.FAILED);
    }

    @Test
    void compressedQcow2IsRefusedWithAHint() {
        byte[] qcow2 = dev.ferrum.agent.image.testing.Qcow2Fixture.of(1 << 20).data(0, new byte[] {1}).build();
        byte[] published = Fixtures.gzip(qcow2);
        h.server.serve("/a.qcow2.gz", published);
        Path target = WriterHarness.emptyFile(dir, "t");

        assertThatThrownBy(() -> h.write(h.imageInfo(List.of("/a.qcow2.gz"), "checksum", sha256(published)), target,
                ZeroHandling.WRITE_ZEROS)).isInstanceOf(ImageWriteException.class).hasMessageContaining("qcow2 inside gzip");
    }

    @Test
    void corruptCompressedDataIsAnInvalidImage() {
        byte[] published = Fixtures.zstd(disk(500_000, 9));
        published[published.length / 2] ^= 0x5a;
        published[published.length / 2 + 1] ^= 0x5a;
        h.server.serve("/a.zst", published);
        Path target = WriterHarness.emptyFile(dir, "t");

        assertThatThrownBy(() -> h.write(h.imageInfo(List.of("/a.zst"), "checksum", sha256(published)), target,
                ZeroHandling.WRITE_ZEROS)).isInstanceOf(ImageWriteException.class)
                .extracting(e -> ((ImageWriteException) e).reason()).isIn(Reason.INVALID_IMAGE);
    }

    @Test
    void aCorruptGzipOrXzHeaderIsAnInvalidImageNotADownloadFailure() {
        // Found by CompressedImageFuzzTest: the decoders read their header when built, before the
        // wrapper that reports decoder complaints, so an EOFException surfaced as DOWNLOAD_FAILED.
        for (byte[] published : List.of(new byte[] {0x1f, (byte) 0x8b}, new byte[] {(byte) 0xfd, '7', 'z', 'X', 'Z', 0})) {
            h.server.serve("/bad", published);
            Path target = WriterHarness.emptyFile(dir, "t" + published.length);

            assertThatThrownBy(() -> h.write(h.imageInfo(List.of("/bad"), "checksum", sha256(published)), target,
                    ZeroHandling.WRITE_ZEROS)).isInstanceOf(ImageWriteException.class)
                    .hasMessageContaining("corrupt or truncated")
                    .extracting(e -> ((ImageWriteException) e).reason()).isEqualTo(Reason.INVALID_IMAGE);
        }
    }

    @Test
    void declaredFormatMismatchCanBeRefused() {
        byte[] image = disk(100_000, 10);
        h.server.serve("/a.img", image);
        h.config = h.config.withFormatMismatch(FormatMismatch.FAIL);
        Path target = WriterHarness.emptyFile(dir, "t");

        assertThatThrownBy(() -> h.write(h.imageInfo(List.of("/a.img"), "disk_format", "qcow2", "checksum", sha256(image)),
                target, ZeroHandling.WRITE_ZEROS)).isInstanceOf(ImageWriteException.class)
                .hasMessageContaining("declared qcow2 but its content is raw");
    }

    @Test
    void progressReportsFinalCountsAndRate() {
        byte[] image = disk(5 * 1024 * 1024, 11);
        h.server.serve("/a.img", image);
        Path target = WriterHarness.emptyFile(dir, "t");

        h.write(h.imageInfo(List.of("/a.img"), "checksum", sha256(image)), target, ZeroHandling.WRITE_ZEROS);
        WriteProgress p = h.progress.snapshot();

        assertThat(p.phase()).isEqualTo(WriteProgress.Phase.SUCCEEDED);
        assertThat(p.bytesDownloaded()).isEqualTo(image.length);
        assertThat(p.bytesWritten()).isEqualTo(image.length);
        assertThat(p.totalBytes()).hasValue(image.length);
        assertThat(p.resumes()).isZero();
    }
}
