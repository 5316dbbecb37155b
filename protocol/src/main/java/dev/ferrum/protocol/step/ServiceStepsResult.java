package dev.ferrum.protocol.step;

import dev.ferrum.protocol.json.WireValues;
import java.util.List;
import java.util.Map;

/**
 * The {@code command_result} of {@code service.get_service_steps}: as {@link CleanStepsResult}, the steps
 * each hardware manager offers for servicing an active node, and every manager's version.
 */
public record ServiceStepsResult(Map<String, List<Step>> serviceSteps, Map<String, String> hardwareManagerVersion) {

    public ServiceStepsResult {
        serviceSteps = StepMaps.copy(serviceSteps);
        hardwareManagerVersion = WireValues.orderedMap(hardwareManagerVersion);
    }

    /** Every step of every manager, in the order the agent listed them. */
    public List<Step> allSteps() {
        return StepMaps.flatten(serviceSteps);
    }
}
