package dev.ferrum.conductor.driver.inspect;

import dev.ferrum.conductor.driver.DriverInterface;
import dev.ferrum.conductor.node.Node;

/**
 * The inspect slot: whether and how a node's hardware is discovered. The inspection flow calls these
 * at the matching moments and never asks which method sits here; a new inspect method is a new class.
 * Every call holds the node's lock; the node passed is the one last stored.
 */
public interface InspectInterface extends DriverInterface {

    /** What kind of method this is, for describing it; the flows do not branch on it. */
    InspectStyle style();

    /** The node just entered {@code inspecting}; returns it as stored after this method's moves. */
    Node start(InspectTask task, Node node);

    /**
     * The periodic check of a node waiting in {@code inspect wait} (not in maintenance): a method that
     * inspects elsewhere asks how it went and moves the node on; others leave it as it is.
     */
    Node poll(InspectTask task, Node node);
}
