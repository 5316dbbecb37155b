package dev.ferrum.conductor.driver;

import dev.ferrum.conductor.driver.boot.RamdiskPurpose;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.store.NodeMutation;
import java.time.Instant;

/**
 * The moves a driver slot makes on a node a flow holds locked for it. Each move takes the node as the
 * slot last had it and returns the node as stored, which the slot passes on to its next move: a step is
 * {@code (locked node) -> node}, and no move reads the node back from the store.
 */
public interface NodeTask {

    /** Fires {@code event} from the node's state, applying {@code mutation}; returns the stored node. */
    Node fire(Node node, ProvisionEvent event, NodeMutation mutation);

    /** Applies {@code mutation} without a state change; returns the stored node. */
    Node update(Node node, NodeMutation mutation);

    /** Fails the node from its state with {@code error} as its last_error; returns the stored node. */
    Node fail(Node node, String error);

    /**
     * Boots the node into the agent ramdisk for {@code purpose} and moves it into its wait state with a
     * fresh deadline; returns the waiting node.
     */
    Node bootRamdiskAndWait(Node node, RamdiskPurpose purpose);

    /** The conductor clock's now. */
    Instant now();
}
