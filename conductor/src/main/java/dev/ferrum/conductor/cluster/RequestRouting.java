package dev.ferrum.conductor.cluster;

import dev.ferrum.conductor.node.Node;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * Where a provision or power request taken by this conductor's API is worked, as Ironic's API picks the RPC topic
 * of the node's conductor: here when this conductor is the node's ring owner, on the owner (handed over through the
 * store) when another live conductor is, and nowhere when the node's ring is empty: then the request is refused with
 * NoValidHost before anything changed, rather than run by a conductor that may not reach the node's BMC. The one
 * exception is this conductor's own ring (its group and a driver it serves): it is the owner even while its own
 * heartbeat looks stale to the ring, so a lone conductor keeps working whatever the clock says.
 */
public final class RequestRouting {
    private final String conductor;
    private final String group;
    private final List<String> drivers;
    private final ConductorRing ring;
    private final Function<UUID, Optional<Node>> nodes;

    /**
     * @param group this conductor's conductor group
     * @param drivers the hardware types this conductor serves
     * @param nodes reads a node by uuid (the store's)
     */
    public RequestRouting(String conductor, String group, List<String> drivers, ConductorRing ring,
            Function<UUID, Optional<Node>> nodes) {
        this.conductor = conductor;
        this.group = group.toLowerCase(Locale.ROOT);
        this.drivers = List.copyOf(drivers);
        this.ring = ring;
        this.nodes = nodes;
    }

    /**
     * Whether this conductor works the node's request itself (true) or hands it to the live owner (false); throws
     * Ironic's NoValidHost (404) when no live conductor serves the node's group and driver and this one is not of
     * that ring. A node that does not exist is left to the request's own 404.
     */
    public boolean runsHere(UUID uuid) {
        Optional<Node> found = nodes.apply(uuid);
        if (found.isEmpty()) {
            return true;
        }
        Node node = found.get();
        Optional<String> owner = ring.ownerOf(node);
        if (owner.isPresent()) {
            return owner.get().equals(conductor);
        }
        if (group.equals(node.conductorGroup().toLowerCase(Locale.ROOT)) && drivers.contains(node.driver())) {
            return true;
        }
        throw NoValidHost.forNode(node);
    }
}
