package dev.ferrum.conductor.api.nodes;

import dev.ferrum.conductor.node.NodeHardware;
import dev.ferrum.conductor.store.Store;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * What a page of node documents shows from outside the node row (allocation, chassis, RAID and console
 * state), read for the whole page at once: a listing costs a fixed number of queries, not a few per node.
 */
public record NodePageRelations(Map<UUID, UUID> allocations, Map<UUID, UUID> chassis,
                                Map<UUID, NodeHardware> hardware) {

    public NodePageRelations {
        allocations = Map.copyOf(allocations);
        chassis = Map.copyOf(chassis);
        hardware = Map.copyOf(hardware);
    }

    /** Three queries for {@code nodes}, whatever their number. */
    public static NodePageRelations load(Store store, List<UUID> nodes) {
        return new NodePageRelations(store.allocations().allocationsOfNodes(nodes),
                store.chassis().chassisOfNodes(nodes), store.hardware().getAll(nodes));
    }

    Optional<UUID> allocationOf(UUID node) {
        return Optional.ofNullable(allocations.get(node));
    }

    Optional<UUID> chassisOf(UUID node) {
        return Optional.ofNullable(chassis.get(node));
    }

    NodeHardware hardwareOf(UUID node) {
        return hardware.getOrDefault(node, NodeHardware.initial());
    }
}
