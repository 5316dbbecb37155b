package dev.ferrum.hardware.generic.erase;

import java.util.List;
import java.util.Objects;

/**
 * What the sampled read-back after an erase found: {@code seed} chose the sampled {@code offsets}
 * (the first and last block and random ones; the same seed on the same device size gives the same
 * offsets), each {@code blockBytes} long, and each had to meet {@code expectation}. {@code passed}
 * false fails the disk; {@code detail} says which block did not.
 */
public record ReadBackVerification(long seed, int blockBytes, List<Long> offsets, ReadBackExpectation expectation,
        boolean passed, String detail) {

    /** SP 800-88's name for how the result was verified. */
    public static final String METHOD = "quick sampling (read-back of seeded random blocks)";

    public ReadBackVerification {
        offsets = List.copyOf(Objects.requireNonNull(offsets, "offsets"));
        Objects.requireNonNull(expectation, "expectation");
        Objects.requireNonNull(detail, "detail");
    }
}
