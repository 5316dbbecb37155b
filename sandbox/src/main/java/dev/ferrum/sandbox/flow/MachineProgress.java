package dev.ferrum.sandbox.flow;

import java.time.Instant;
import java.util.Optional;

/**
 * Where one machine is in the sandbox's run: the step the sandbox asked for, the node's provision
 * state as the API reports it, when that state was first seen, how far its image write is (while
 * deploying, when the conductor has a report), and how the run ended for it.
 */
public record MachineProgress(String machine, Step step, String provisionState, Instant started, Instant stateSince,
        Optional<String> lastError, Optional<ImageWriteProgress> write) {

    /** The sandbox's steps, in order. */
    public enum Step {
        WAITING("waiting"), ENROLL("enroll"), MANAGE("manage"), INSPECT("inspect"), PROVIDE("provide"),
        DEPLOY("deploy"), DONE("done"), FAILED("failed");

        private final String label;

        Step(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** A machine the run has not reached yet. */
    public static MachineProgress waiting(String machine, Instant now) {
        return new MachineProgress(machine, Step.WAITING, "-", now, now, Optional.empty(), Optional.empty());
    }

    /** This progress at {@code step}, seeing {@code state} at {@code now}. */
    public MachineProgress at(Step step, String state, Instant now) {
        boolean changed = step != this.step || !state.equals(provisionState);
        return new MachineProgress(machine, step, state, started, changed ? now : stateSince, lastError, write);
    }

    /** This progress with the node's latest image-write report (empty: none). */
    public MachineProgress writing(Optional<ImageWriteProgress> report) {
        return new MachineProgress(machine, step, provisionState, started, stateSince, lastError, report);
    }

    /** This machine failed in {@code state} with the node's {@code last_error}. */
    public MachineProgress failed(String state, String error, Instant now) {
        return new MachineProgress(machine, Step.FAILED, state, started, now, Optional.of(error), Optional.empty());
    }

    public boolean finished() {
        return step == Step.DONE || step == Step.FAILED;
    }
}
