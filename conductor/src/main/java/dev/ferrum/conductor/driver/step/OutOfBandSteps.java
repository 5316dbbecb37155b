package dev.ferrum.conductor.driver.step;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PlannedStep;
import dev.ferrum.protocol.step.Step;
import java.util.List;

/**
 * A driver slot whose clean and deploy steps the conductor runs itself (out of band, no agent), as Ironic
 * lists every interface's {@code @clean_step}/{@code @deploy_step} methods. The flows ask every such slot of
 * the node's driver for its steps and run the ones planned through {@link #execute}; they never ask which
 * slot or method it is. A step that cannot be done throws a {@code ConductorException} whose message names
 * the step, what was wrong and what to do.
 */
public interface OutOfBandSteps {

    /** The clean steps, with priority 0 for those that run only on request. */
    default List<Step> cleanSteps() {
        return List.of();
    }

    /** The deploy steps, with priority 0 for those that run only when asked for by a deploy_steps or template. */
    default List<Step> deploySteps() {
        return List.of();
    }

    /**
     * The service steps (API 1.87): by default the clean steps, as Ironic's bios and firmware interfaces mark
     * their clean steps as service steps too.
     */
    default List<Step> serviceSteps() {
        return cleanSteps();
    }

    /** What a step needs once it returned. */
    enum Outcome {
        /** The step is over. */
        DONE,
        /**
         * The machine must restart for the step to take effect (e.g. pending BIOS settings): the flow reboots
         * the node (into the ramdisk when one runs the other steps) and then calls {@link #finishAfterReboot}.
         */
        REBOOT
    }

    /** Runs one of this slot's steps on {@code node}, with the node's lock held. */
    Outcome execute(Node node, PlannedStep step, StepServices services);

    /** Completes a step that answered {@link Outcome#REBOOT}, once the node restarted: checks and records its effect. */
    default void finishAfterReboot(Node node, PlannedStep step, StepServices services) {
    }
}
