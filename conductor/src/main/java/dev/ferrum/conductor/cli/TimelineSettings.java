package dev.ferrum.conductor.cli;

import dev.ferrum.conductor.periodic.HistoryRetention;
import dev.ferrum.conductor.periodic.PowerSync;
import dev.ferrum.conductor.periodic.PowerSyncConfig;
import java.time.Duration;
import java.util.Objects;

/**
 * How this conductor keeps node timelines and watches power: history retention and the power state sync.
 *
 * @param powerSyncInterval how often the power state of every node is read (Ironic's
 *     {@code sync_power_state_interval})
 */
public record TimelineSettings(HistoryRetention retention, PowerSyncConfig powerSync, Duration powerSyncInterval) {
    public TimelineSettings {
        Objects.requireNonNull(retention, "retention");
        Objects.requireNonNull(powerSync, "powerSync");
        if (powerSyncInterval.isNegative() || powerSyncInterval.isZero()) {
            throw new IllegalArgumentException("powerSyncInterval must be positive, got " + powerSyncInterval);
        }
    }

    /** Ironic's defaults. */
    public static TimelineSettings defaults() {
        return new TimelineSettings(HistoryRetention.defaults(), PowerSyncConfig.defaults(),
                PowerSync.DEFAULT_INTERVAL);
    }
}
