package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.driver.DriverBundle;
import dev.ferrum.conductor.driver.rescue.RescuePasswords;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PlannedStep;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.node.StepPlan;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.NodeMutation;
import java.util.Optional;

/**
 * {@code abort}, in each state Ironic's table takes it (clean wait and hold, inspect wait, wait call-back and
 * deploy hold, rescue wait): the transition stores Ironic's last_error for what was aborted, then the work
 * behind the wait is undone off the request thread. A rescue gives the node back to its tenant (ramdisk boot
 * removed, password forgotten, power left alone, as Ironic does); servicing goes back to active (through
 * service failed, as Ironic's two events) and boots the instance again; the others power the node off and stop
 * serving the ramdisk. While a clean or service step that may not be interrupted runs, the abort only marks it
 * ({@code abort_after}) and takes effect once the step is over, as in Ironic.
 */
final class AbortFlow {
    private final FlowContext context;
    private final RescueFlow rescue;
    private final CleanFlow service;

    AbortFlow(FlowContext context, RescueFlow rescue, CleanFlow service) {
        this.context = context;
        this.rescue = rescue;
        this.service = service;
    }

    /**
     * In a clean or service wait or hold whose running step is not abortable, marks the step to abort after it
     * and returns the node as stored; empty when the abort may go ahead now.
     */
    Optional<Node> deferIfStepRuns(NodeLock lock, Node node) {
        boolean stepStates = switch (node.provisionState()) {
            case CLEAN_WAIT, CLEAN_HOLD, SERVICE_WAIT, SERVICE_HOLD -> true;
            default -> false;
        };
        Optional<StepPlan> plan = node.internal().stepPlan();
        Optional<PlannedStep> running = plan.flatMap(StepPlan::current);
        if (!stepStates || running.isEmpty() || running.get().step().abortable()) {
            return Optional.empty();
        }
        if (running.get().abortAfter()) {
            return Optional.of(node);
        }
        StepPlan marked = plan.get().abortingAfterCurrent();
        return Optional.of(context.store.nodes().update(lock, node.version(),
                b -> b.editInternal(s -> s.withStepPlan(Optional.of(marked)))));
    }

    /**
     * Ironic aborts servicing through {@code service failed} (then {@code abort} back to active): from a service
     * wait or hold, fires {@code fail} first and returns the node as stored; any other node as it is.
     */
    Node throughServiceFailed(NodeLock lock, Node node) {
        if (node.provisionState() != ProvisionState.SERVICE_WAIT && node.provisionState() != ProvisionState.SERVICE_HOLD) {
            return node;
        }
        return context.store.transition(lock, node.version(), node.provisionState(), ProvisionEvent.FAIL, b -> { },
                "abort requested through the API");
    }

    /** What the {@code abort} transition from {@code node}'s state stores besides the state. */
    NodeMutation prepare(Node node) {
        String during = node.internal().stepPlan().flatMap(StepPlan::current)
                .map(p -> " during or after the completion of step \"" + p.step().interfaceName() + "."
                        + p.step().step() + "\"").orElse("");
        return switch (node.provisionState()) {
            case CLEAN_WAIT, CLEAN_HOLD -> b -> b.lastError("By request, the clean operation was aborted" + during
                    + ". Move the node to manageable (baremetal node manage) and clean or provide it again.");
            case DEPLOY_WAIT, DEPLOY_HOLD -> b -> b.lastError("By request, the deploy operation was aborted" + during
                    + ". Deploy it again or undeploy it.");
            // Servicing reached service failed on the way (or was there): the node goes back to active.
            case SERVICE_FAILED -> b -> b.lastError("By request, the service operation was aborted" + during
                    + ". The node is active again; service it again when ready.");
            case INSPECT_WAIT -> b -> b.lastError("Inspection was aborted by request. Inspect again or move the node"
                    + " to manageable.");
            // The password goes at once, as Ironic removes it before the event; the message comes with clean-up.
            case RESCUE_WAIT -> b -> b.instanceInfo(RescuePasswords.without(node.instanceInfo()));
            default -> b -> { };
        };
    }

    /**
     * Undoes the aborted wait's work; the node is already in the state the abort led to. {@code ramdiskRan}:
     * whether servicing had booted a ramdisk (the instance must boot again).
     */
    void finish(NodeLock lock, boolean ramdiskRan) {
        Node node = context.store.nodes().get(lock.node());
        if (node.provisionState() == ProvisionState.RESCUE_FAILED) {
            rescue.cleanUpAfterAbort(lock, node);
            return;
        }
        if (node.provisionState() == ProvisionState.ACTIVE) {
            service.tearDownAfterAbort(lock, node, ramdiskRan);
            return;
        }
        abandonRamdisk(context, lock, node);
    }

    /** After an abort the ramdisk has nothing left to do: stop serving it and power the node off. */
    static Node abandonRamdisk(FlowContext context, NodeLock lock, Node node) {
        DriverBundle driver = context.drivers.bundleFor(node);
        driver.boot().cleanUpRamdisk(context.target(node));
        driver.power().powerOff(node);
        return context.store.nodes().update(lock, node.version(), b -> b.powerState(PowerState.POWER_OFF)
                .editInternal(s -> s.withoutAgent().withStepPlan(Optional.empty())
                        .withLastPowerStateChange(context.clock.instant())));
    }
}
