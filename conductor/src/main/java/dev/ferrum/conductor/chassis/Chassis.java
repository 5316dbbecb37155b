package dev.ferrum.conductor.chassis;

import dev.ferrum.conductor.json.JsonDict;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A chassis: a named group of nodes an operator keeps for their own bookkeeping; it holds nothing but a
 * description and free-form {@code extra}. {@code version} guards optimistic updates like a node's.
 */
public record Chassis(
        UUID uuid,
        Optional<String> description,
        JsonDict extra,
        Instant createdAt,
        Optional<Instant> updatedAt,
        long version) {

    public Chassis {
        Objects.requireNonNull(uuid, "uuid");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(extra, "extra");
        createdAt = Objects.requireNonNull(createdAt, "createdAt").truncatedTo(ChronoUnit.MICROS);
        updatedAt = Objects.requireNonNull(updatedAt, "updatedAt").map(i -> i.truncatedTo(ChronoUnit.MICROS));
    }

    /** A new chassis, not yet stored (version 0). */
    public static Chassis create(UUID uuid, Optional<String> description, JsonDict extra, Instant createdAt) {
        return new Chassis(uuid, description, extra, createdAt, Optional.empty(), 0);
    }

    public Chassis withDescription(Optional<String> newDescription) {
        return new Chassis(uuid, newDescription, extra, createdAt, updatedAt, version);
    }

    public Chassis withExtra(JsonDict newExtra) {
        return new Chassis(uuid, description, newExtra, createdAt, updatedAt, version);
    }
}
