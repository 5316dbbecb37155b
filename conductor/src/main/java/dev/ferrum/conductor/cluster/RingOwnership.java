package dev.ferrum.conductor.cluster;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.NodeStore;
import java.util.UUID;

/**
 * Whether this conductor is the ring owner of a node: periodic work (sweeps, power sync, takeover) only
 * touches the nodes it owns, so with several conductors each node is worked by exactly one of them, and a
 * node whose owner dies is picked up by the new owner once the dead one drops off the ring.
 */
public final class RingOwnership {
    private final String conductor;
    private final ConductorRing ring;
    private final NodeStore nodes;

    public RingOwnership(String conductor, ConductorRing ring, NodeStore nodes) {
        this.conductor = conductor;
        this.ring = ring;
        this.nodes = nodes;
    }

    /** Whether this conductor owns {@code node} (as listed: only its group, driver and uuid are used). */
    public boolean owns(Node node) {
        return ring.ownerOf(node).filter(conductor::equals).isPresent();
    }

    /** Whether this conductor owns the node {@code uuid}; false for a node that does not exist. */
    public boolean owns(UUID node) {
        return nodes.find(node).map(this::owns).orElse(false);
    }

    public String conductor() {
        return conductor;
    }

    public ConductorRing ring() {
        return ring;
    }
}
