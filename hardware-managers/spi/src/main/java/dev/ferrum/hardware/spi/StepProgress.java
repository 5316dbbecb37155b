package dev.ferrum.hardware.spi;

import java.util.function.Supplier;

/**
 * Where a running step publishes its progress: it registers a supplier of its current progress (a
 * record the agent reports as JSON), which is read only when someone asks (the conductor polling the
 * command), so reporting costs nothing between polls.
 */
@FunctionalInterface
public interface StepProgress {

    void follow(Supplier<?> progress);

    /** A sink for callers that do not show progress. */
    static StepProgress ignored() {
        return progress -> { };
    }
}
