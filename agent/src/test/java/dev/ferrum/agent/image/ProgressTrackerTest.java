package dev.ferrum.agent.image;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.agent.image.testing.FakeClock;
import java.time.Duration;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Rates and ETAs from an injected clock: exact values, no sleeping. */
class ProgressTrackerTest {
    private final FakeClock clock = new FakeClock();
    private final ProgressTracker tracker = new ProgressTracker(clock, Duration.ofSeconds(10));

    @Test
    void startsEmpty() {
        WriteProgress p = tracker.snapshot();
        assertThat(p.phase()).isEqualTo(WriteProgress.Phase.STARTING);
        assertThat(p.bytesDownloaded()).isZero();
        assertThat(p.totalBytes()).isEmpty();
        assertThat(p.bytesPerSecond()).isZero();
        assertThat(p.eta()).isEmpty();
    }

    @Test
    void rateAndEtaFollowTheDownload() {
        tracker.totalBytes(OptionalLong.of(100_000_000));
        tracker.phase(WriteProgress.Phase.STREAMING);
        for (int s = 0; s < 4; s++) {
            tracker.downloaded(5_000_000);
            tracker.written(4_000_000);
            clock.advance(Duration.ofSeconds(1));
        }
        WriteProgress p = tracker.snapshot();

        assertThat(p.bytesDownloaded()).isEqualTo(20_000_000);
        assertThat(p.bytesWritten()).isEqualTo(16_000_000);
        // Samples at t=0..3 s with 5..20 MB; now is t=4 s with 20 MB: 15 MB over 4 s.
        assertThat(p.bytesPerSecond()).isEqualTo(3_750_000.0);
        assertThat(p.eta()).contains(Duration.ofNanos((long) (80_000_000 / 3_750_000.0 * 1e9)));
    }

    @Test
    void aStallShowsAsAFallingRateOnceOldSamplesLeaveTheWindow() {
        tracker.totalBytes(OptionalLong.of(1_000_000_000));
        for (int s = 0; s < 5; s++) {
            tracker.downloaded(10_000_000);
            clock.advance(Duration.ofSeconds(1));
        }
        double before = tracker.snapshot().bytesPerSecond();
        clock.advance(Duration.ofSeconds(8));
        double during = tracker.snapshot().bytesPerSecond();
        clock.advance(Duration.ofSeconds(30));

        assertThat(during).isLessThan(before);
        assertThat(tracker.snapshot().bytesPerSecond()).isZero();
        assertThat(tracker.snapshot().eta()).isEmpty();
    }

    @Test
    void restartingTheDownloadResetsCountsButNotResumes() {
        tracker.downloaded(1000);
        tracker.resumed();
        tracker.restartDownload();
        assertThat(tracker.snapshot().bytesDownloaded()).isZero();
        assertThat(tracker.snapshot().resumes()).isEqualTo(1);
    }

    @Test
    void snapshotsAreSafeFromAnotherThread() throws InterruptedException {
        Thread writer = new Thread(() -> {
            for (int i = 0; i < 100_000; i++) {
                tracker.downloaded(1);
                tracker.written(1);
            }
        });
        writer.start();
        while (writer.isAlive()) {
            WriteProgress p = tracker.snapshot();
            assertThat(p.bytesWritten()).isBetween(p.bytesDownloaded() - 1, p.bytesDownloaded());
        }
        writer.join();
        assertThat(tracker.snapshot().bytesDownloaded()).isEqualTo(100_000);
    }
}
