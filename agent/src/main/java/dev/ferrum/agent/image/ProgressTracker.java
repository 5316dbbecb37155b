package dev.ferrum.agent.image;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Collects progress from the writing thread and hands out {@link WriteProgress} snapshots to any
 * thread. The rate is measured over a sliding window of samples taken with the injected clock, so a
 * stall shows up as a falling rate rather than being averaged away over the whole download.
 */
public final class ProgressTracker {
    private static final int SAMPLES = 32;

    private final MonotonicClock clock;
    private final long windowNanos;
    private final long sampleEveryNanos;
    // Ring of (time, bytesDownloaded) samples; guarded by this.
    private final long[] sampleTimes = new long[SAMPLES];
    private final long[] sampleBytes = new long[SAMPLES];
    private int sampleCount;
    private int newest = -1;

    private WriteProgress.Phase phase = WriteProgress.Phase.STARTING;
    private long downloaded;
    private long written;
    private long total = -1;
    private int resumes;

    /** A tracker measuring the rate over {@code window} (e.g. 10 s). */
    public ProgressTracker(MonotonicClock clock, Duration window) {
        if (window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("rate window must be positive: " + window);
        }
        this.clock = clock;
        this.windowNanos = window.toNanos();
        this.sampleEveryNanos = Math.max(1, windowNanos / (SAMPLES / 2));
    }

    public synchronized void phase(WriteProgress.Phase next) {
        phase = next;
    }

    /** The download's total size became known (or changed, when falling back to another URL). */
    public synchronized void totalBytes(OptionalLong totalBytes) {
        total = totalBytes.orElse(-1);
    }

    public synchronized void downloaded(long bytes) {
        downloaded += bytes;
        long now = clock.nanos();
        if (newest < 0 || now - sampleTimes[newest] >= sampleEveryNanos) {
            record(now);
        }
    }

    /** Another URL is tried from the start: the download count starts over. */
    public synchronized void restartDownload() {
        downloaded = 0;
        sampleCount = 0;
        newest = -1;
    }

    public synchronized void written(long bytes) {
        written += bytes;
    }

    public synchronized void resumed() {
        resumes++;
    }

    public synchronized WriteProgress snapshot() {
        long now = clock.nanos();
        double rate = rate(now);
        OptionalLong totalBytes = total >= 0 ? OptionalLong.of(total) : OptionalLong.empty();
        Optional<Duration> eta = Optional.empty();
        if (total >= 0 && rate > 0) {
            long left = Math.max(0, total - downloaded);
            eta = Optional.of(Duration.ofNanos((long) (left / rate * 1e9)));
        }
        return new WriteProgress(phase, downloaded, written, totalBytes, rate, eta, resumes);
    }

    private void record(long now) {
        newest = (newest + 1) % SAMPLES;
        sampleTimes[newest] = now;
        sampleBytes[newest] = downloaded;
        sampleCount = Math.min(SAMPLES, sampleCount + 1);
    }

    /** Bytes per second from the oldest sample inside the window to now. */
    private double rate(long now) {
        int oldest = -1;
        for (int i = 0; i < sampleCount; i++) {
            int idx = Math.floorMod(newest - i, SAMPLES);
            if (now - sampleTimes[idx] > windowNanos) {
                break;
            }
            oldest = idx;
        }
        if (oldest < 0 || now == sampleTimes[oldest]) {
            return 0;
        }
        return (downloaded - sampleBytes[oldest]) * 1e9 / (now - sampleTimes[oldest]);
    }
}
