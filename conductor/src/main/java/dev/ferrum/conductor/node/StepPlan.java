package dev.ferrum.conductor.node;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The ordered steps of the deploy or clean flow a node is in, and which one runs now (empty index:
 * none started yet). Replaces Ironic's {@code *_steps} + {@code *_step_index} keys.
 */
public record StepPlan(StepKind kind, List<PlannedStep> steps, Optional<Integer> currentIndex) {

    public StepPlan {
        Objects.requireNonNull(kind, "kind");
        steps = List.copyOf(steps);
        Objects.requireNonNull(currentIndex, "currentIndex");
        int size = steps.size();
        currentIndex.ifPresent(index -> {
            if (index < 0 || index >= size) {
                throw new IllegalArgumentException("step index " + index + " outside 0.." + (size - 1));
            }
        });
    }

    /** A plan that has not started. */
    public static StepPlan of(StepKind kind, List<PlannedStep> steps) {
        return new StepPlan(kind, steps, Optional.empty());
    }

    /** The step running now, if one started. */
    public Optional<PlannedStep> current() {
        return currentIndex.map(steps::get);
    }

    /** The same plan with the running step marked to abort the flow once it is over (Ironic's abort_after). */
    public StepPlan abortingAfterCurrent() {
        int index = currentIndex.orElseThrow(() -> new IllegalStateException("no step runs"));
        List<PlannedStep> marked = new java.util.ArrayList<>(steps);
        PlannedStep running = steps.get(index);
        marked.set(index, new PlannedStep(running.step(), running.args(), true));
        return new StepPlan(kind, marked, currentIndex);
    }

    /** The plan moved to the next step; empty when the current step was the last. */
    public Optional<StepPlan> advance() {
        int next = currentIndex.map(i -> i + 1).orElse(0);
        return next < steps.size() ? Optional.of(new StepPlan(kind, steps, Optional.of(next))) : Optional.empty();
    }
}
