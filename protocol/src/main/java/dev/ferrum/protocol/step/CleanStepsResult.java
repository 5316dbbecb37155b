package dev.ferrum.protocol.step;

import dev.ferrum.protocol.json.WireValues;
import java.util.List;
import java.util.Map;

/**
 * The {@code command_result} of {@code clean.get_clean_steps}: the steps each hardware manager
 * offers, keyed by manager class name ({@code GenericHardwareManager}), and every manager's
 * version, keyed by manager name ({@code generic_hardware_manager}); the conductor sends those
 * versions back with each step so the agent can detect a changed ramdisk.
 */
public record CleanStepsResult(Map<String, List<Step>> cleanSteps, Map<String, String> hardwareManagerVersion) {

    public CleanStepsResult {
        cleanSteps = StepMaps.copy(cleanSteps);
        hardwareManagerVersion = WireValues.orderedMap(hardwareManagerVersion);
    }

    /** Every step of every manager, in the order the agent listed them. */
    public List<Step> allSteps() {
        return StepMaps.flatten(cleanSteps);
    }
}
