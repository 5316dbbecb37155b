package dev.ferrum.conductor.api.conductors;

import dev.ferrum.conductor.cluster.ConductorRecord;
import dev.ferrum.conductor.cluster.ConductorRing;
import dev.ferrum.conductor.node.Node;
import java.util.Optional;

/**
 * Which live conductor serves a node, for the node's {@code conductor} field and filter (API 1.49): its owner
 * on the conductors' hash ring (the live conductors of its group serving its hardware type); none when no such
 * conductor is alive, as Ironic shows {@code null} when its hash ring has no host.
 */
public final class NodeConductors {
    private final ConductorRing ring;

    public NodeConductors(ConductorRing ring) {
        this.ring = ring;
    }

    /** Whether {@code conductor} counts as alive now: online and heartbeated within the timeout. */
    public boolean isAlive(ConductorRecord conductor) {
        return ring.isAlive(conductor);
    }

    /** The host name of the conductor serving {@code node}, if one is alive. */
    public Optional<String> servingConductor(Node node) {
        return ring.ownerOf(node);
    }
}
