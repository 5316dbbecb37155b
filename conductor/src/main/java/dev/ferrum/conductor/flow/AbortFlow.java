package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.driver.DriverBundle;
import dev.ferrum.conductor.driver.rescue.RescuePasswords;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.node.StepPlan;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.NodeMutation;
import java.util.Optional;

/**
 * {@code abort}, in each state Ironic's table takes it (clean wait and hold, inspect wait, wait call-back and
 * deploy hold, rescue wait): the transition stores Ironic's last_error for what was aborted, then the work
 * behind the wait is undone off the request thread. A rescue gives the node back to its tenant (ramdisk boot
 * removed, password forgotten, power left alone, as Ironic does); the others power the node off and stop
 * serving the ramdisk.
 */
final class AbortFlow {
    private final FlowContext context;
    private final RescueFlow rescue;

    AbortFlow(FlowContext context, RescueFlow rescue) {
        this.context = context;
        this.rescue = rescue;
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
            case INSPECT_WAIT -> b -> b.lastError("Inspection was aborted by request. Inspect again or move the node"
                    + " to manageable.");
            // The password goes at once, as Ironic removes it before the event; the message comes with clean-up.
            case RESCUE_WAIT -> b -> b.instanceInfo(RescuePasswords.without(node.instanceInfo()));
            default -> b -> { };
        };
    }

    /** Undoes the aborted wait's work; the node is already in the failed state the abort led to. */
    void finish(NodeLock lock) {
        Node node = context.store.nodes().get(lock.node());
        if (node.provisionState() == ProvisionState.RESCUE_FAILED) {
            rescue.cleanUpAfterAbort(lock, node);
            return;
        }
        abandonRamdisk(lock, node);
    }

    /** After an abort the ramdisk has nothing left to do: stop serving it and power the node off. */
    private void abandonRamdisk(NodeLock lock, Node node) {
        DriverBundle driver = context.drivers.bundleFor(node);
        driver.boot().cleanUpRamdisk(context.target(node));
        driver.power().powerOff(node);
        context.store.nodes().update(lock, node.version(), b -> b.powerState(PowerState.POWER_OFF)
                .editInternal(s -> s.withoutAgent().withStepPlan(Optional.empty())
                        .withLastPowerStateChange(context.clock.instant())));
    }
}
