package dev.ferrum.hardware.spi;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.function.Supplier;

/**
 * Where a running step publishes its progress: it registers a supplier of its current progress
 * document, which is read only when someone asks (the conductor polling the command), so
 * reporting costs nothing between polls.
 */
@FunctionalInterface
public interface StepProgress {

    void follow(Supplier<JsonNode> progress);

    /** A sink for callers that do not show progress. */
    static StepProgress ignored() {
        return progress -> { };
    }
}
