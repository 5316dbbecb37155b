package dev.ferrum.conductor.driver.deploy;

import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.node.Node;

/** The empty deploy slot: never valid; deploying is refused, cleaning has nothing to run. */
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

    @Override
    public void check(Node node, DeployChecks checks) {
        throw new InvalidInputException("Node " + node.displayName() + " has no deploy interface;"
                + " set deploy_interface to direct or fake.");
    }

    @Override
    public Node start(DeployTask task, Node node) {
        return task.fail(node, "Node has no deploy interface.");
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
