package dev.ferrum.conductor.periodic;

import java.time.Duration;

/**
 * How long node timelines are kept, with Ironic's option names: {@code maxEntries} is
 * {@code [conductor]node_history_max_entries} (entries of one node beyond it are pruned, oldest first),
 * {@code minimumAge} is {@code node_history_minimum_days} (younger entries are never pruned), {@code interval}
 * is {@code node_history_cleanup_interval} and {@code batch} {@code node_history_cleanup_batch_count}.
 */
public record HistoryRetention(int maxEntries, Duration minimumAge, Duration interval, int batch) {
    public HistoryRetention {
        if (maxEntries < 0 || batch < 1 || minimumAge.isNegative() || interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("history retention needs max entries >= 0, a batch >= 1, a minimum"
                    + " age >= 0 and a positive interval; got " + maxEntries + ", " + batch + ", " + minimumAge
                    + ", " + interval);
        }
    }

    /** Ironic's defaults: 300 entries a node, no minimum age, pruned daily 1000 at a time. */
    public static HistoryRetention defaults() {
        return new HistoryRetention(300, Duration.ZERO, Duration.ofDays(1), 1000);
    }
}
