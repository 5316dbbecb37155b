package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.cluster.Handoff;
import dev.ferrum.conductor.driver.DriverBundle;
import dev.ferrum.conductor.error.ConductorException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.store.NodeLock;
import java.util.Optional;

/**
 * What a provision verb does after its first transition, on the node's owner and under its lock: move a node that
 * entered a transient state on (start the deploy, cleaning, inspection, …), release a hold at the step after it, or
 * finish an abort. {@link ConductorFlows} runs it at once or, for a node another conductor owns, that owner runs it
 * from the hand-off.
 */
final class ProvisionWork {
    private final FlowContext context;
    private final DeployFlow deploy;
    private final CleanFlow clean;
    private final CleanFlow service;
    private final InspectFlow inspect;
    private final RescueFlow rescue;
    private final AdoptFlow adopt;
    private final AbortFlow abort;

    ProvisionWork(FlowContext context, DeployFlow deploy, CleanFlow clean, CleanFlow service, InspectFlow inspect,
                  RescueFlow rescue, AdoptFlow adopt, AbortFlow abort) {
        this.context = context;
        this.deploy = deploy;
        this.clean = clean;
        this.service = service;
        this.inspect = inspect;
        this.rescue = rescue;
        this.adopt = adopt;
        this.abort = abort;
    }

    /** Carries out {@code handoff}'s work on its node, whose lock is {@code lock}. */
    void carryOut(NodeLock lock, Handoff handoff) {
        switch (handoff.work()) {
            case ABORT -> abort.finish(lock, handoff.ramdiskRan());
            case UNHOLD -> unhold(lock);
            case ADVANCE -> advance(lock);
            case POWER -> throw new IllegalArgumentException("power work is the power interface's, not a provision step");
        }
    }

    /** A released hold goes on at the step after it, in whichever flow held. */
    private void unhold(NodeLock lock) {
        Node node = context.store.nodes().get(lock.node());
        switch (node.provisionState()) {
            case CLEAN_WAIT -> clean.unhold(lock, node);
            case SERVICE_WAIT -> service.unhold(lock, node);
            case DEPLOY_WAIT -> deploy.unhold(lock, node);
            default -> { }
        }
    }

    /** Moves a node that just entered a transient state on; stable and failed states need nothing. */
    private void advance(NodeLock lock) {
        Node node = context.store.nodes().get(lock.node());
        switch (node.provisionState()) {
            case DEPLOYING -> startDeploy(lock, node);
            case CLEANING -> clean.start(task(lock, node), lock, node);
            case INSPECTING -> inspect.start(task(lock, node), lock, node);
            case DELETING -> tearDown(lock, node);
            case VERIFYING -> verify(lock, node);
            case ADOPTING -> adopt.start(lock, node);
            case RESCUING -> rescue.start(lock, node);
            case UNRESCUING -> rescue.startUnrescue(lock, node);
            case SERVICING -> service.start(task(lock, node), lock, node);
            default -> { }
        }
    }

    /** The slots' view of the work on {@code node} under {@code lock}. */
    FlowTask task(NodeLock lock, Node node) {
        return new FlowTask(context, lock, context.drivers.bundleFor(node), deploy, clean, service);
    }

    private void startDeploy(NodeLock lock, Node node) {
        FlowTask task = task(lock, node);
        try {
            task.driver().deploy().start(task, node);
        } catch (ConductorException e) {
            // A method may have stored the node before the move that threw.
            context.failAfterError(lock, node.uuid(), "Failed to prepare the node for deployment: " + e.getMessage());
        }
    }

    private void tearDown(NodeLock lock, Node node) {
        DriverBundle driver = context.drivers.bundleFor(node);
        try {
            driver.power().powerOff(node);
            driver.boot().cleanUpRamdisk(context.target(node));
        } catch (ConductorException e) {
            context.fail(lock, node, "Failed to tear down the instance: " + e.getMessage());
            return;
        }
        Node cleaning = context.fire(lock, node, ProvisionEvent.CLEAN, b -> b.powerState(PowerState.POWER_OFF)
                .instanceInfo(JsonDict.empty()).instanceUuid(Optional.empty())
                .editInternal(s -> s.withoutAgent().withStepPlan(Optional.empty())));
        clean.start(task(lock, cleaning), lock, cleaning);
    }

    private void verify(NodeLock lock, Node node) {
        try {
            PowerState power = context.drivers.bundleFor(node).power().powerState(node);
            context.fire(lock, node, ProvisionEvent.DONE, b -> b.powerState(power).lastError(Optional.empty()));
        } catch (ConductorException e) {
            context.fail(lock, node, "Failed to verify the node's BMC credentials: " + e.getMessage());
        }
    }
}
