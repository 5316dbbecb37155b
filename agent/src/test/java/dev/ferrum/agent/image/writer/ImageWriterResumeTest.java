package dev.ferrum.agent.image.writer;

import static dev.ferrum.agent.image.testing.Fixtures.disk;
import static dev.ferrum.agent.image.testing.Fixtures.sha256;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.agent.image.ImageWriteException;
import dev.ferrum.agent.image.ImageWriteException.Reason;
import dev.ferrum.agent.image.testing.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Dropped connections: resumed with Range, restarted without it, bounded, and refused when the image changes. */
class ImageWriterResumeTest {
    private final WriterHarness h = new WriterHarness();
    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        h.close();
    }

    @Test
    void dropsAreResumedWithRangeRequestsAndTheDiskHoldsExactlyTheImage() throws IOException {
        byte[] image = disk(10 * 1024 * 1024 + 5, 20);
        h.server.serve("/a.img", image).drop(3, 1_500_000);
        Path target = WriterHarness.emptyFile(dir, "t");

        WriteResult r = h.write(h.imageInfo(List.of("/a.img"), "checksum", sha256(image)), target, ZeroHandling.WRITE_ZEROS);

        assertThat(Files.readAllBytes(target)).isEqualTo(image);
        assertThat(r.resumes()).isEqualTo(3);
        assertThat(r.bytesDownloaded()).isEqualTo(image.length);
        var requests = h.server.requests("/a.img");
        assertThat(requests).hasSize(4);
        assertThat(requests.get(0).range()).isNull();
        assertThat(requests.subList(1, 4)).allSatisfy(req -> assertThat(req.range()).matches("bytes=\\d+-"));
        assertThat(h.sleeps).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4));
        assertThat(h.progress.snapshot().resumes()).isEqualTo(3);
    }

    @Test
    void compressedStreamsResumeUnderTheDecompressor() throws IOException {
        byte[] image = disk(8 * 1024 * 1024, 21);
        byte[] published = Fixtures.gzip(image);
        h.server.serve("/a.img.gz", published).drop(2, published.length / 3);
        Path target = WriterHarness.emptyFile(dir, "t");

        WriteResult r = h.write(h.imageInfo(List.of("/a.img.gz"), "checksum", sha256(published)), target, ZeroHandling.WRITE_ZEROS);

        assertThat(Files.readAllBytes(target)).isEqualTo(image);
        assertThat(r.resumes()).isEqualTo(2);
    }

    @Test
    void withoutRangeSupportTheDownloadRestartsAndSkipsWhatWasAlreadyWritten() throws IOException {
        byte[] image = disk(6 * 1024 * 1024, 22);
        h.server.serve("/a.img", image).noRanges().drop(2, 2_000_000);
        Path target = WriterHarness.emptyFile(dir, "t");

        WriteResult r = h.write(h.imageInfo(List.of("/a.img"), "checksum", sha256(image)), target, ZeroHandling.WRITE_ZEROS);

        assertThat(Files.readAllBytes(target)).isEqualTo(image);
        assertThat(r.resumes()).isEqualTo(2);
        assertThat(r.bytesDownloaded()).isEqualTo(image.length);
    }

    @Test
    void tooManyDropsFailClearlyAfterTheRetryBound() {
        byte[] image = disk(4 * 1024 * 1024, 23);
        h.server.serve("/a.img", image).drop(100, 100_000);
        Path target = WriterHarness.emptyFile(dir, "t");

        assertThatThrownBy(() -> h.write(h.imageInfo(List.of("/a.img?x=secret"), "checksum", sha256(image)), target,
                ZeroHandling.WRITE_ZEROS))
                .isInstanceOf(ImageWriteException.class)
                .hasMessageContaining("did not recover after 5 retries")
                .hasMessageContaining("failed at byte 600000 of " + image.length)
                .hasMessageNotContaining("secret")
                .extracting(e -> ((ImageWriteException) e).reason()).isEqualTo(Reason.DOWNLOAD_FAILED);
        assertThat(h.server.requests("/a.img")).hasSize(6);
        assertThat(h.sleeps).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4),
                Duration.ofSeconds(8), Duration.ofSeconds(8));
    }

    @Test
    void anImageThatChangesBetweenAttemptsIsRefused() {
        byte[] image = disk(4 * 1024 * 1024, 24);
        h.server.serve("/a.img", image).changingEtag().drop(1, 1_000_000);
        Path target = WriterHarness.emptyFile(dir, "t");

        assertThatThrownBy(() -> h.write(h.imageInfo(List.of("/a.img"), "checksum", sha256(image)), target,
                ZeroHandling.WRITE_ZEROS))
                .isInstanceOf(ImageWriteException.class)
                .hasMessageContaining("changed while being downloaded (ETag changed from \"v1\" to \"v2\")")
                .extracting(e -> ((ImageWriteException) e).reason()).isEqualTo(Reason.SOURCE_CHANGED);
    }

    @Test
    void transientServerErrorsAreRetried() throws IOException {
        byte[] image = disk(1024 * 1024, 25);
        h.server.serve("/a.img", image).status(503, 2);
        Path target = WriterHarness.emptyFile(dir, "t");

        h.write(h.imageInfo(List.of("/a.img"), "checksum", sha256(image)), target, ZeroHandling.WRITE_ZEROS);

        assertThat(Files.readAllBytes(target)).isEqualTo(image);
        assertThat(h.server.requests("/a.img")).hasSize(3);
    }
}
