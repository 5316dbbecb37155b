package dev.ferrum.hardware.generic.erase;

import java.util.Objects;

/** The safety gate's answer for one disk: cleared for writing, or refused with a reason. */
public sealed interface GateDecision {

    /** The disk may be written; {@code target} says where and what it is. */
    record Cleared(TargetDisk target) implements GateDecision {
        public Cleared {
            Objects.requireNonNull(target, "target");
        }
    }

    /** The disk must not be written. */
    record Refused(Refusal refusal) implements GateDecision {
        public Refused {
            Objects.requireNonNull(refusal, "refusal");
        }
    }
}
