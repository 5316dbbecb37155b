package dev.ferrum.conductor.cluster;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;

/**
 * A registered conductor process: its host name (the identity locks are held under), the hardware
 * types it serves, its group, whether it is online and when it last heartbeated.
 */
public record ConductorRecord(
        String hostname,
        List<String> drivers,
        String conductorGroup,
        boolean online,
        Instant createdAt,
        Instant updatedAt) {

    public ConductorRecord {
        if (hostname == null || hostname.isBlank()) {
            throw new IllegalArgumentException("a conductor needs a host name");
        }
        drivers = List.copyOf(drivers);
        Objects.requireNonNull(conductorGroup, "conductorGroup");
        createdAt = Objects.requireNonNull(createdAt, "createdAt").truncatedTo(ChronoUnit.MICROS);
        updatedAt = Objects.requireNonNull(updatedAt, "updatedAt").truncatedTo(ChronoUnit.MICROS);
    }

    /** Online and heartbeated within {@code timeout} before {@code now}. */
    public boolean isAlive(Instant now, Duration timeout) {
        return online && !updatedAt.isBefore(now.minus(timeout));
    }
}
