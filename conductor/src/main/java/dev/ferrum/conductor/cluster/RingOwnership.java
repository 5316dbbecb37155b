package dev.ferrum.conductor.cluster;

import dev.ferrum.conductor.node.Node;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * Whether this conductor is the ring owner of a node: periodic work (sweeps, power sync, takeover) only
 * touches the nodes it owns, so with several conductors each node is worked by exactly one of them, and a
 * node whose owner dies is picked up by the new owner once the dead one drops off the ring.
 */
public final class RingOwnership {
    private final String conductor;
    private final ConductorRing ring;
    private final Function<UUID, Optional<Node>> nodes;

    /** @param nodes reads a node by uuid (the store's), for {@link #owns(UUID)} */
    public RingOwnership(String conductor, ConductorRing ring, Function<UUID, Optional<Node>> nodes) {
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
        return nodes.apply(node).map(this::owns).orElse(false);
    }

    public String conductor() {
        return conductor;
    }

    public ConductorRing ring() {
        return ring;
    }
}
