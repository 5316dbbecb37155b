package dev.ferrum.conductor.node;

import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.protocol.step.Step;
import java.util.Objects;

/** A step the conductor decided to run, with the arguments it will run it with. */
public record PlannedStep(Step step, JsonDict args) {

    public PlannedStep {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(args, "args");
    }

    /** A step with no arguments. */
    public static PlannedStep of(Step step) {
        return new PlannedStep(step, JsonDict.empty());
    }
}
