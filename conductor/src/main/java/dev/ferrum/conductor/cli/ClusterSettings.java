package dev.ferrum.conductor.cli;

import java.time.Duration;
import java.util.Objects;

/**
 * How this conductor takes part in a cluster of conductors sharing one PostgreSQL.
 *
 * @param conductorGroup the group it serves (Ironic's {@code [conductor]conductor_group}): it only owns nodes
 *     whose {@code conductor_group} matches, case-insensitively; empty for the default group
 * @param heartbeatTimeout how long a conductor may go without heartbeating before it counts as dead (not
 *     {@code alive}), drops off the hash ring and has its nodes taken over
 */
public record ClusterSettings(String conductorGroup, Duration heartbeatTimeout) {
    /** Ironic's default: the conductor heartbeats every 10 s and is dead after 6 missed ones. */
    public static final int MISSED_HEARTBEATS_FOR_DEAD = 6;

    public ClusterSettings {
        Objects.requireNonNull(conductorGroup, "conductorGroup");
        if (heartbeatTimeout.isNegative() || heartbeatTimeout.isZero()) {
            throw new IllegalArgumentException("heartbeatTimeout must be positive, got " + heartbeatTimeout);
        }
    }

    /** The default group, dead after {@link #MISSED_HEARTBEATS_FOR_DEAD} missed heartbeats of {@code interval}. */
    public static ClusterSettings defaults(Duration heartbeatInterval) {
        return new ClusterSettings("", heartbeatInterval.multipliedBy(MISSED_HEARTBEATS_FOR_DEAD));
    }
}
