package dev.ferrum.conductor.volume;

import dev.ferrum.conductor.json.JsonDict;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A remote volume a node uses: its storage type (e.g. iscsi, fibre_channel), the volume's id in the
 * storage service, connection {@code properties}, and {@code bootIndex}, unique per node (0 boots).
 * {@code version} guards optimistic updates.
 */
public record VolumeTarget(
        UUID uuid,
        UUID nodeUuid,
        String volumeType,
        JsonDict properties,
        int bootIndex,
        String volumeId,
        JsonDict extra,
        Instant createdAt,
        Optional<Instant> updatedAt,
        long version) {

    public VolumeTarget {
        Objects.requireNonNull(uuid, "uuid");
        Objects.requireNonNull(nodeUuid, "nodeUuid");
        Objects.requireNonNull(volumeType, "volumeType");
        Objects.requireNonNull(properties, "properties");
        Objects.requireNonNull(volumeId, "volumeId");
        Objects.requireNonNull(extra, "extra");
        createdAt = Objects.requireNonNull(createdAt, "createdAt").truncatedTo(ChronoUnit.MICROS);
        updatedAt = Objects.requireNonNull(updatedAt, "updatedAt").map(i -> i.truncatedTo(ChronoUnit.MICROS));
    }

    /** A new target, not yet stored (version 0). */
    public static VolumeTarget create(UUID uuid, UUID node, String volumeType, JsonDict properties, int bootIndex,
                                      String volumeId, JsonDict extra, Instant createdAt) {
        return new VolumeTarget(uuid, node, volumeType, properties, bootIndex, volumeId, extra, createdAt,
                Optional.empty(), 0);
    }

    /** This target with what a PATCH may change. */
    public VolumeTarget with(UUID node, String newType, JsonDict newProperties, int newBootIndex, String newVolumeId,
                             JsonDict newExtra) {
        return new VolumeTarget(uuid, node, newType, newProperties, newBootIndex, newVolumeId, newExtra, createdAt,
                updatedAt, version);
    }
}
