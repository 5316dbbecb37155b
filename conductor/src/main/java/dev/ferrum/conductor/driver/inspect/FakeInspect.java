package dev.ferrum.conductor.driver.inspect;

import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.node.Node;

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
}
