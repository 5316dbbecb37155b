package dev.ferrum.conductor.driver.deploy;

import dev.ferrum.conductor.driver.DriverInterface;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.protocol.step.Step;
import java.util.List;

/**
 * The deploy slot: how an image gets onto a node, and whether cleaning runs in a ramdisk. The flows
 * call these at the matching moments and never ask which method sits here; a new deploy method is a
 * new class. Every call holds the node's lock; the node passed is the one last stored.
 */
public interface DeployInterface extends DriverInterface {

    /** What kind of method this is, for describing it; the flows do not branch on it. */
    DeployStyle style();

    /**
     * Refuses, with an {@code InvalidInputException} saying what to set, a deploy this method cannot do;
     * called before the node's state changes, so a refusal leaves it as it was.
     */
    void check(Node node, DeployChecks checks);

    /**
     * The deploy steps this method runs in the conductor, with their priorities, as Ironic's
     * {@code get_deploy_steps} lists a deploy interface's own steps; operators' {@code deploy_steps} and
     * deploy templates are checked against these (and the agent's). Every method has Ironic's core step
     * {@code deploy.deploy}.
     */
    default List<Step> deploySteps() {
        return List.of(Step.deploy("deploy", 100));
    }

    /** The node just entered {@code deploying}; returns it as stored after this method's moves. */
    Node start(DeployTask task, Node node);

    /** An agent heartbeated while the node waits in {@code wait call-back}; returns the node as stored. */
    Node heartbeat(DeployTask task, Node node);

    /**
     * The node just entered {@code cleaning} with steps to run: boot what runs them, or finish cleaning at
     * once when this method has no in-band steps. Returns the node as stored.
     */
    Node startCleaning(DeployTask task, Node node);

    /**
     * The active node just entered {@code servicing} with steps its agent runs: boot what runs them. A method
     * without a ramdisk has nothing to run them with and ends servicing at once (fake, noop). Returns the node
     * as stored.
     */
    default Node startServicing(DeployTask task, Node node) {
        return task.finishServicing(node);
    }
}
