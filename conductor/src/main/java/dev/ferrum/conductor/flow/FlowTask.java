package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.driver.DriverBundle;
import dev.ferrum.conductor.driver.boot.RamdiskPurpose;
import dev.ferrum.conductor.driver.deploy.DeployTask;
import dev.ferrum.conductor.driver.inspect.InspectTask;
import dev.ferrum.conductor.driver.power.PowerInterface;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.NodeMutation;
import java.time.Duration;
import java.time.Instant;

/**
 * The conductor's side of a driver slot's work on one locked node: the moves of {@link FlowContext}
 * bound to the lock, the node's driver, and the in-band engines a slot may hand over to (the agent
 * deploy, the end of cleaning).
 */
final class FlowTask implements DeployTask, InspectTask {
    private final FlowContext context;
    private final NodeLock lock;
    private final DriverBundle driver;
    private final DeployFlow agentDeploy;
    private final CleanFlow clean;
    private final CleanFlow service;

    FlowTask(FlowContext context, NodeLock lock, DriverBundle driver, DeployFlow agentDeploy, CleanFlow clean,
             CleanFlow service) {
        this.context = context;
        this.lock = lock;
        this.driver = driver;
        this.agentDeploy = agentDeploy;
        this.clean = clean;
        this.service = service;
    }

    /** The node's driver, as resolved when the task began. */
    DriverBundle driver() {
        return driver;
    }

    @Override
    public Node fire(Node node, ProvisionEvent event, NodeMutation mutation) {
        return context.fire(lock, node, event, mutation);
    }

    @Override
    public Node update(Node node, NodeMutation mutation) {
        return context.store.nodes().update(lock, node.version(), mutation);
    }

    @Override
    public Node fail(Node node, String error) {
        return context.fail(lock, node, error);
    }

    @Override
    public Node bootRamdiskAndWait(Node node, RamdiskPurpose purpose) {
        return context.bootRamdiskAndWait(lock, node, purpose, timeout(purpose));
    }

    private Duration timeout(RamdiskPurpose purpose) {
        return switch (purpose) {
            case CLEAN -> context.config.cleanWaitTimeout();
            case INSPECT -> context.config.inspectWaitTimeout();
            case DEPLOY, RESCUE, SERVICE -> context.config.deployWaitTimeout();
        };
    }

    @Override
    public Instant now() {
        return context.clock.instant();
    }

    @Override
    public Instant waitDeadline() {
        return context.clock.instant().plus(context.config.inspectWaitTimeout());
    }

    @Override
    public PowerInterface power() {
        return driver.power();
    }

    @Override
    public Node continueAgentDeploy(Node node) {
        return agentDeploy.heartbeat(lock, node);
    }

    @Override
    public Node finishCleaning(Node node) {
        return clean.finish(lock, node);
    }

    @Override
    public Node finishServicing(Node node) {
        return service.finish(lock, node);
    }
}
