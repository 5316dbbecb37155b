package dev.ferrum.protocol.step;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.protocol.error.WireFormatException;
import dev.ferrum.protocol.json.WireValues;
import java.util.Optional;

/**
 * The {@code command_result} of {@code deploy.execute_deploy_step}: what the step returned and the
 * step it ran, echoed so the conductor can tell the result belongs to its step.
 */
public record DeployStepResult(Optional<JsonNode> deployResult, StepInvocation deployStep) {

    public DeployStepResult {
        deployResult = WireValues.presentNode(deployResult);
        if (deployStep == null) {
            throw new WireFormatException("deploy step result needs deploy_step");
        }
    }
}
