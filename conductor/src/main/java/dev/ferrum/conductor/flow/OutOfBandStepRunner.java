package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.driver.DriverBundle;
import dev.ferrum.conductor.driver.step.OutOfBandSteps;
import dev.ferrum.conductor.driver.step.StepServices;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PlannedStep;
import dev.ferrum.conductor.node.StepKind;
import dev.ferrum.protocol.step.Step;
import java.util.List;
import java.util.Optional;

/**
 * The one path for steps of the conductor's own interfaces (bios, …; see {@link DriverBundle#outOfBand()}):
 * what they offer for cleaning and deploying, whether a planned step is theirs, and running it, in both the
 * clean and the deploy flow.
 */
final class OutOfBandStepRunner {
    private final FlowContext context;

    OutOfBandStepRunner(FlowContext context) {
        this.context = context;
    }

    /** Every out-of-band step of {@code kind} the node's driver offers. */
    static List<Step> offered(DriverBundle driver, StepKind kind) {
        return driver.outOfBand().stream().flatMap(slot -> steps(slot, kind).stream()).toList();
    }

    private static List<Step> steps(OutOfBandSteps slot, StepKind kind) {
        return switch (kind) {
            case CLEAN -> slot.cleanSteps();
            case DEPLOY -> slot.deploySteps();
            case SERVICE -> slot.serviceSteps();
        };
    }

    /** The slot that runs {@code step}, if it is an out-of-band one. */
    static Optional<OutOfBandSteps> owner(DriverBundle driver, StepKind kind, Step step) {
        return driver.outOfBand().stream()
                .filter(slot -> steps(slot, kind).stream()
                        .anyMatch(s -> s.step().equals(step.step()) && s.interfaceName().equals(step.interfaceName())))
                .findFirst();
    }

    boolean runs(Node node, StepKind kind, Step step) {
        return owner(context.drivers.bundleFor(node), kind, step).isPresent();
    }

    /** Runs {@code step} now, under the caller's lock; a failure is the slot's exception. */
    OutOfBandSteps.Outcome run(Node node, StepKind kind, PlannedStep step) {
        return slot(node, kind, step).execute(node, step, services());
    }

    /** Completes {@code step} after the reboot it asked for. */
    void finishAfterReboot(Node node, StepKind kind, PlannedStep step) {
        slot(node, kind, step).finishAfterReboot(node, step, services());
    }

    /**
     * Runs {@code step} where no ramdisk is involved: a reboot it asks for is a plain power reboot, after which
     * the step is completed at once.
     */
    void runWithoutRamdisk(Node node, StepKind kind, PlannedStep step) {
        if (run(node, kind, step) == OutOfBandSteps.Outcome.REBOOT) {
            context.drivers.bundleFor(node).power().reboot(node);
            finishAfterReboot(node, kind, step);
        }
    }

    private OutOfBandSteps slot(Node node, StepKind kind, PlannedStep step) {
        return owner(context.drivers.bundleFor(node), kind, step.step()).orElseThrow(() ->
                new FlowException("no interface of node " + node.uuid() + " offers step " + step.step().interfaceName()
                        + "." + step.step().step()));
    }

    private StepServices services() {
        return new StepServices(context.store, context.clock);
    }
}
