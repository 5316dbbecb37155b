package dev.ferrum.conductor.driver.deploy;

import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.node.Node;

/** The empty deploy slot: never valid. */
public final class NoopDeploy implements DeployInterface {

    @Override
    public String name() {
        return "noop";
    }

    @Override
    public Validation validate(Node node) {
        return Validation.invalid("no deploy interface is set; choose one the hardware type allows, e.g. direct");
    }

    @Override
    public DeployStyle style() {
        return DeployStyle.NONE;
    }
}
