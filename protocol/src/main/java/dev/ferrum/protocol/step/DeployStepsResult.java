package dev.ferrum.protocol.step;

import dev.ferrum.protocol.json.WireValues;
import java.util.List;
import java.util.Map;

/**
 * The {@code command_result} of {@code deploy.get_deploy_steps}: as {@link CleanStepsResult}, the
 * steps per hardware manager and the managers' versions, under the key {@code deploy_steps}.
 */
public record DeployStepsResult(Map<String, List<Step>> deploySteps, Map<String, String> hardwareManagerVersion) {

    public DeployStepsResult {
        deploySteps = StepMaps.copy(deploySteps);
        hardwareManagerVersion = WireValues.orderedMap(hardwareManagerVersion);
    }

    /** Every step of every manager, in the order the agent listed them. */
    public List<Step> allSteps() {
        return StepMaps.flatten(deploySteps);
    }
}
