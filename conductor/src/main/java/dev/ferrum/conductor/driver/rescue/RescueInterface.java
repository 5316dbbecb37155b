package dev.ferrum.conductor.driver.rescue;

import dev.ferrum.conductor.driver.DriverInterface;
import dev.ferrum.conductor.node.Node;

/**
 * The rescue slot: how an active node is booted into a rescue environment the tenant can log into, and
 * back into its instance. The rescue flow calls these at the matching moments and never asks which
 * method sits here; a new rescue method is a new class. Every call holds the node's lock; the node
 * passed is the one last stored, and each method returns it as stored after its moves.
 */
public interface RescueInterface extends DriverInterface {

    /** The node just entered {@code rescuing}: boot what rescues it (ending in {@code rescue wait} or {@code rescue}). */
    Node rescue(RescueTask task, Node node);

    /** An agent heartbeated while the node waits in {@code rescue wait}. */
    Node heartbeat(RescueTask task, Node node);

    /** The node just entered {@code unrescuing}: boot its instance again (ending in {@code active}). */
    Node unrescue(RescueTask task, Node node);
}
