package dev.ferrum.conductor.network;

import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/** A VIF to attach: its id, and from API 1.67 optionally the port or the portgroup to put it on (not both). */
public record VifRequest(String id, Optional<UUID> portUuid, Optional<UUID> portgroupUuid) {
    public VifRequest {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(portUuid, "portUuid");
        Objects.requireNonNull(portgroupUuid, "portgroupUuid");
        if (portUuid.isPresent() && portgroupUuid.isPresent()) {
            throw new IllegalArgumentException("a VIF goes on a port or on a portgroup, not both");
        }
    }
}
