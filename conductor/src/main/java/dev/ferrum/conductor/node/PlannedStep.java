package dev.ferrum.conductor.node;

import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.protocol.step.Step;
import java.util.Objects;
import java.util.Set;

/**
 * A step the conductor decided to run, with the arguments it will run it with. {@code abortAfter} is Ironic's
 * {@code abort_after}: an abort came while this step, which may not be interrupted, ran; the flow aborts once
 * it is over.
 */
public record PlannedStep(Step step, JsonDict args, boolean abortAfter) {
    /**
     * Ironic's reserved step names: the conductor acts on them itself, whatever interface the request names, and
     * no interface offers them.
     */
    public static final Set<String> RESERVED = Set.of("hold", "wait", "power_on", "power_off", "reboot");

    public PlannedStep {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(args, "args");
    }

    public PlannedStep(Step step, JsonDict args) {
        this(step, args, false);
    }

    /** Whether this is Ironic's reserved {@code hold} step: the flow pauses in its hold state until unhold. */
    public boolean isHold() {
        return step.step().equals("hold");
    }

    /** Whether this is one of Ironic's {@link #RESERVED} steps, which the conductor runs by name alone. */
    public boolean isReserved() {
        return RESERVED.contains(step.step());
    }

    /** A step with no arguments. */
    public static PlannedStep of(Step step) {
        return new PlannedStep(step, JsonDict.empty());
    }
}
