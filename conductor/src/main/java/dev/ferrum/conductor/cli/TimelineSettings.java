package dev.ferrum.conductor.cli;

import dev.ferrum.conductor.api.Paging;
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
 * @param agentProgressInterval how often the agent of a running step is asked for its progress between heartbeats
 * @param maxLimit the largest page of a node's history, and of every other API list (Ironic's {@code [api]max_limit})
 */
public record TimelineSettings(HistoryRetention retention, PowerSyncConfig powerSync, Duration powerSyncInterval,
                               Duration agentProgressInterval, int maxLimit) {
    /** How often running steps' progress is polled unless told otherwise. */
    public static final Duration DEFAULT_AGENT_PROGRESS_INTERVAL = Duration.ofSeconds(5);

    public TimelineSettings {
        if (agentProgressInterval.isNegative() || agentProgressInterval.isZero()) {
            throw new IllegalArgumentException("agentProgressInterval must be positive, got " + agentProgressInterval);
        }
        Objects.requireNonNull(retention, "retention");
        Objects.requireNonNull(powerSync, "powerSync");
        if (powerSyncInterval.isNegative() || powerSyncInterval.isZero()) {
            throw new IllegalArgumentException("powerSyncInterval must be positive, got " + powerSyncInterval);
        }
        if (maxLimit < 1) {
            throw new IllegalArgumentException("max_limit must be positive, got " + maxLimit);
        }
    }

    /** With Ironic's default {@code max_limit}. */
    public TimelineSettings(HistoryRetention retention, PowerSyncConfig powerSync, Duration powerSyncInterval,
                            Duration agentProgressInterval) {
        this(retention, powerSync, powerSyncInterval, agentProgressInterval, Paging.MAX_LIMIT);
    }

    /** Ironic's defaults, and progress polled every 5 s. */
    public static TimelineSettings defaults() {
        return new TimelineSettings(HistoryRetention.defaults(), PowerSyncConfig.defaults(),
                PowerSync.DEFAULT_INTERVAL, DEFAULT_AGENT_PROGRESS_INTERVAL);
    }
}
