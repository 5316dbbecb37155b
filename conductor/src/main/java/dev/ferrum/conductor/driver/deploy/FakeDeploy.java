package dev.ferrum.conductor.driver.deploy;

import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.node.Node;

/** {@code fake} deploy: always valid, completes at once. */
public final class FakeDeploy implements DeployInterface {

    @Override
    public String name() {
        return "fake";
    }

    @Override
    public Validation validate(Node node) {
        return Validation.ok();
    }

    @Override
    public DeployStyle style() {
        return DeployStyle.IMMEDIATE;
    }
}
