package dev.ferrum.protocol.step;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.protocol.error.WireFormatException;
import dev.ferrum.protocol.json.WireValues;
import java.util.Optional;

/** The {@code command_result} of {@code service.execute_service_step}: the step's result and the step it ran. */
public record ServiceStepResult(Optional<JsonNode> serviceResult, StepInvocation serviceStep) {

    public ServiceStepResult {
        serviceResult = WireValues.presentNode(serviceResult);
        if (serviceStep == null) {
            throw new WireFormatException("service step result needs service_step");
        }
    }
}
