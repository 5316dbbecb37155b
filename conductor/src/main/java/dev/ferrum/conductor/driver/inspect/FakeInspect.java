package dev.ferrum.conductor.driver.inspect;

import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionEvent;
import java.util.Optional;

/** {@code fake} inspection: always valid, finishes at once without learning anything. */
public final class FakeInspect implements InspectInterface {

    @Override
    public String name() {
        return "fake";
    }

    @Override
    public Validation validate(Node node) {
        return Validation.ok();
    }

    @Override
    public InspectStyle style() {
        return InspectStyle.IMMEDIATE;
    }

    @Override
    public Node start(InspectTask task, Node node) {
        return task.fire(node, ProvisionEvent.DONE, b -> b.inspectionFinishedAt(Optional.of(task.now())));
    }

    @Override
    public Node poll(InspectTask task, Node node) {
        return node;
    }
}
