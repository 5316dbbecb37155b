package dev.ferrum.conductor.cluster;

import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.node.Node;

/**
 * Ironic's answer when its API finds no conductor for a node's (conductor group, hardware type) ring: NoValidHost, a
 * 404, raised before anything changed. One wording for every request that needs the node's owner.
 */
public final class NoValidHost {
    private NoValidHost() {
    }

    /** The refusal for a request about {@code node}, saying what would give it an owner. */
    public static NotFoundException forNode(Node node) {
        return new NotFoundException("No valid host was found. Reason: no live conductor of conductor group \""
                + node.conductorGroup() + "\" serves the driver " + node.driver() + ", so none can reach node "
                + node.uuid() + "'s BMC; start a conductor of that group with that hardware type enabled, or set the"
                + " node's conductor_group to a group that has one.");
    }
}
