package dev.ferrum.conductor.periodic;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.NodeLock;

/**
 * Finishes, under the node's lock, an inspection whose ramdisk report is stored but whose conductor died before
 * the node was powered off and made manageable (the inspection processor in production). {@link Takeover} calls
 * it instead of booting such a node again.
 */
@FunctionalInterface
public interface InspectionFinisher {
    /** Returns the node as stored afterwards: {@code manageable}, or {@code inspect failed} with last_error. */
    Node finish(NodeLock lock);
}
