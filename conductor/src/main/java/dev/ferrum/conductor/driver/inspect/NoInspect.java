package dev.ferrum.conductor.driver.inspect;

import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.node.Node;

/** {@code no-inspect}, the empty inspect slot: never valid, so inspection is refused with a reason. */
public final class NoInspect implements InspectInterface {

    @Override
    public String name() {
        return "no-inspect";
    }

    @Override
    public Validation validate(Node node) {
        return Validation.invalid("inspection is not supported by inspect_interface no-inspect; set it to agent or "
                + "inspector");
    }

    @Override
    public InspectStyle style() {
        return InspectStyle.NONE;
    }

    @Override
    public Node start(InspectTask task, Node node) {
        return task.fail(node, "Node has no inspect interface; set inspect_interface to agent or fake.");
    }

    @Override
    public Node poll(InspectTask task, Node node) {
        return node;
    }
}
