package dev.ferrum.conductor.fleet;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * Heartbeats of one measurement window, recorded concurrently by every agent: accepted ones (202) with
 * their latency in an HdrHistogram (microseconds, 3 significant digits), failures counted by cause.
 */
final class HeartbeatTally {
    private final ConcurrentHistogram latencyMicros = new ConcurrentHistogram(TimeUnit.MINUTES.toMicros(2), 3);
    private final Map<String, LongAdder> failures = new ConcurrentHashMap<>();

    void accepted(long nanos) {
        // Clamp into the histogram's range: a reply slower than two minutes counts as two minutes, not a crash.
        latencyMicros.recordValue(Math.min(TimeUnit.NANOSECONDS.toMicros(nanos), latencyMicros.getHighestTrackableValue()));
    }

    void failed(String cause) {
        failures.computeIfAbsent(cause, c -> new LongAdder()).increment();
    }

    /** Adds {@code other}'s heartbeats to this tally (the windows of several conductors as one). */
    HeartbeatTally add(HeartbeatTally other) {
        latencyMicros.add(other.latencyMicros);
        other.failures.forEach((cause, count) -> failures.computeIfAbsent(cause, c -> new LongAdder()).add(count.sum()));
        return this;
    }

    long acceptedCount() {
        return latencyMicros.getTotalCount();
    }

    /** This window's figures, the rate taken over {@code window}. */
    Summary summary(Duration window) {
        Histogram copy = latencyMicros.copy();
        Map<String, Long> failed = new TreeMap<>();
        failures.forEach((cause, count) -> failed.put(cause, count.sum()));
        return new Summary(copy.getTotalCount(), failed, copy.getTotalCount() / (window.toNanos() / 1e9),
                copy.getValueAtPercentile(50) / 1000.0, copy.getValueAtPercentile(99) / 1000.0,
                copy.getMaxValue() / 1000.0);
    }

    /** One window's result; latencies in milliseconds. */
    record Summary(long accepted, Map<String, Long> failures, double perSecond, double p50Millis, double p99Millis,
                   double maxMillis) {
        Summary {
            failures = Map.copyOf(failures);
        }

        long failed() {
            return failures.values().stream().mapToLong(Long::longValue).sum();
        }
    }
}
