package dev.ferrum.conductor.port;

import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.support.net.MacAddress;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A network port of a node: the MAC the node PXE-boots and looks itself up with. A MAC belongs to at
 * most one port in the whole inventory. {@code version} guards optimistic updates like a node's.
 */
public record Port(
        UUID uuid,
        MacAddress address,
        UUID nodeUuid,
        boolean pxeEnabled,
        JsonDict localLinkConnection,
        Optional<String> physicalNetwork,
        JsonDict extra,
        Instant createdAt,
        Optional<Instant> updatedAt,
        long version) {

    public Port {
        Objects.requireNonNull(uuid, "uuid");
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(nodeUuid, "nodeUuid");
        Objects.requireNonNull(localLinkConnection, "localLinkConnection");
        Objects.requireNonNull(physicalNetwork, "physicalNetwork");
        Objects.requireNonNull(extra, "extra");
        createdAt = Objects.requireNonNull(createdAt, "createdAt").truncatedTo(ChronoUnit.MICROS);
        updatedAt = Objects.requireNonNull(updatedAt, "updatedAt").map(i -> i.truncatedTo(ChronoUnit.MICROS));
    }

    /** A new PXE-enabled port with nothing else set, not yet stored (version 0). */
    public static Port create(UUID uuid, MacAddress address, UUID nodeUuid, Instant createdAt) {
        return new Port(uuid, address, nodeUuid, true, JsonDict.empty(), Optional.empty(), JsonDict.empty(),
                createdAt, Optional.empty(), 0);
    }

    public Port withAddress(MacAddress newAddress) {
        return new Port(uuid, newAddress, nodeUuid, pxeEnabled, localLinkConnection, physicalNetwork, extra,
                createdAt, updatedAt, version);
    }

    public Port withPxeEnabled(boolean enabled) {
        return new Port(uuid, address, nodeUuid, enabled, localLinkConnection, physicalNetwork, extra,
                createdAt, updatedAt, version);
    }

    public Port withNode(UUID node) {
        return new Port(uuid, address, node, pxeEnabled, localLinkConnection, physicalNetwork, extra,
                createdAt, updatedAt, version);
    }

    public Port withLocalLinkConnection(JsonDict connection) {
        return new Port(uuid, address, nodeUuid, pxeEnabled, connection, physicalNetwork, extra,
                createdAt, updatedAt, version);
    }

    public Port withPhysicalNetwork(Optional<String> network) {
        return new Port(uuid, address, nodeUuid, pxeEnabled, localLinkConnection, network, extra,
                createdAt, updatedAt, version);
    }

    public Port withExtra(JsonDict newExtra) {
        return new Port(uuid, address, nodeUuid, pxeEnabled, localLinkConnection, physicalNetwork, newExtra,
                createdAt, updatedAt, version);
    }
}
