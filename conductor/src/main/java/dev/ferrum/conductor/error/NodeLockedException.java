package dev.ferrum.conductor.error;

import java.util.UUID;

/**
 * The node's reservation is held by a conductor other than the caller, or by none when the caller
 * claimed to hold it (Ironic's NodeLocked, HTTP 409).
 */
public class NodeLockedException extends ConflictException {
    private final UUID node;

    public NodeLockedException(UUID node, String message) {
        super(message);
        this.node = node;
    }

    /** Another conductor holds the lock; retry after it finishes. */
    public static NodeLockedException heldBy(UUID node, String holder) {
        return new NodeLockedException(node, "Node " + node + " is locked by host " + holder
                + ", please retry after the current operation is completed.");
    }

    /** The caller acted as if it held the lock but does not (a lost or broken lock). */
    public static NodeLockedException notHeldBy(UUID node, String caller) {
        return new NodeLockedException(node, "Node " + node + " is not locked by host " + caller
                + "; acquire the lock before changing the node.");
    }

    public UUID node() {
        return node;
    }
}
