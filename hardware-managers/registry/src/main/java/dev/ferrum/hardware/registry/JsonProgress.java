package dev.ferrum.hardware.registry;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.function.Supplier;

/**
 * Where the agent publishes a running command's progress as JSON; a step's typed progress reaches it
 * mapped by {@link StepJson}.
 */
@FunctionalInterface
public interface JsonProgress {

    void follow(Supplier<JsonNode> progress);

    /** A sink for callers that do not show progress. */
    static JsonProgress ignored() {
        return progress -> { };
    }
}
