package dev.ferrum.conductor.volume;

import dev.ferrum.conductor.json.JsonDict;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * How a node connects to remote storage: an initiator identity ({@code type} plus {@code connectorId},
 * unique together across the inventory). {@code version} guards optimistic updates.
 */
public record VolumeConnector(
        UUID uuid,
        UUID nodeUuid,
        ConnectorType type,
        String connectorId,
        JsonDict extra,
        Instant createdAt,
        Optional<Instant> updatedAt,
        long version) {

    public VolumeConnector {
        Objects.requireNonNull(uuid, "uuid");
        Objects.requireNonNull(nodeUuid, "nodeUuid");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(connectorId, "connectorId");
        Objects.requireNonNull(extra, "extra");
        createdAt = Objects.requireNonNull(createdAt, "createdAt").truncatedTo(ChronoUnit.MICROS);
        updatedAt = Objects.requireNonNull(updatedAt, "updatedAt").map(i -> i.truncatedTo(ChronoUnit.MICROS));
    }

    /** A new connector, not yet stored (version 0). */
    public static VolumeConnector create(UUID uuid, UUID node, ConnectorType type, String connectorId, JsonDict extra,
                                         Instant createdAt) {
        return new VolumeConnector(uuid, node, type, connectorId, extra, createdAt, Optional.empty(), 0);
    }

    /** This connector with what a PATCH may change. */
    public VolumeConnector with(UUID node, ConnectorType newType, String newConnectorId, JsonDict newExtra) {
        return new VolumeConnector(uuid, node, newType, newConnectorId, newExtra, createdAt, updatedAt, version);
    }
}
