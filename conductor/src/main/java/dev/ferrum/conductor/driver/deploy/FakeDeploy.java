package dev.ferrum.conductor.driver.deploy;

import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.state.ProvisionEvent;

/**
 * {@code fake} deploy: always valid; a deploy powers the node on and completes at once, cleaning has
 * nothing to run. No agent ever deploys for it, so a heartbeat has nothing to move on.
 */
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

    @Override
    public void check(Node node, DeployChecks checks) {
        // Anything deploys: nothing is fetched.
    }

    @Override
    public Node start(DeployTask task, Node node) {
        task.power().powerOn(node);
        return task.fire(node, ProvisionEvent.DONE, b -> b.powerState(PowerState.POWER_ON));
    }

    @Override
    public Node heartbeat(DeployTask task, Node node) {
        return node;
    }

    @Override
    public Node startCleaning(DeployTask task, Node node) {
        return task.finishCleaning(node);
    }
}
