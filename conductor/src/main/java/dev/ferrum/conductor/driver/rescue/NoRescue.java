package dev.ferrum.conductor.driver.rescue;

import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.node.Node;

/** {@code no-rescue}, the empty rescue slot: never valid, so rescue is refused with Ironic's reason. */
public final class NoRescue implements RescueInterface {

    @Override
    public String name() {
        return "no-rescue";
    }

    @Override
    public Validation validate(Node node) {
        return Validation.invalid(unsupported(node));
    }

    @Override
    public Node rescue(RescueTask task, Node node) {
        return task.fail(node, unsupported(node) + " Set rescue_interface to agent, then rescue again.");
    }

    @Override
    public Node heartbeat(RescueTask task, Node node) {
        return node;
    }

    @Override
    public Node unrescue(RescueTask task, Node node) {
        return task.fail(node, unsupported(node) + " Set rescue_interface to agent, then unrescue again.");
    }

    private static String unsupported(Node node) {
        return "Driver " + node.driver() + " does not support rescue (disabled or not implemented).";
    }
}
