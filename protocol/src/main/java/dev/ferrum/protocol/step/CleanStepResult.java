package dev.ferrum.protocol.step;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.protocol.error.WireFormatException;
import dev.ferrum.protocol.json.WireValues;
import java.util.Optional;

/**
 * The {@code command_result} of {@code clean.execute_clean_step}: what the step returned (usually
 * nothing) and the step it ran, echoed so the conductor can tell the result belongs to its step.
 */
public record CleanStepResult(Optional<JsonNode> cleanResult, StepInvocation cleanStep) {

    public CleanStepResult {
        cleanResult = WireValues.presentNode(cleanResult);
        if (cleanStep == null) {
            throw new WireFormatException("clean step result needs clean_step");
        }
    }
}
