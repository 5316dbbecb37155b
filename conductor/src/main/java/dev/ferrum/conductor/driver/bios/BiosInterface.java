package dev.ferrum.conductor.driver.bios;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.bios.BiosSetting;
import dev.ferrum.conductor.driver.DriverInterface;
import dev.ferrum.conductor.driver.step.OutOfBandSteps;
import dev.ferrum.conductor.driver.step.StepServices;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PlannedStep;
import dev.ferrum.protocol.step.Step;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A driver's BIOS slot: reads the machine's settings, applies new values and resets them to the factory's.
 * Its steps are Ironic's {@code bios.apply_configuration} (args {@code settings: [{name, value}]}) and
 * {@code bios.factory_reset}, both clean and deploy steps at priority 0 (they run only when asked for); after
 * either, the settings are read back into the conductor's cache, which {@code /v1/nodes/<id>/bios} lists.
 */
public interface BiosInterface extends DriverInterface, OutOfBandSteps {

    /** A setting as the machine reports it, before the conductor stamps it into its cache. */
    record Reading(String name, Optional<String> value, BiosSetting.Registry registry) {
    }

    /** The machine's current settings, with their registry entries where the firmware gives them. */
    List<Reading> read(Node node, StepServices services);

    /**
     * Sets each named setting to its value (a machine may apply them only at its next reset); a setting the
     * machine refuses is an error naming the setting.
     */
    void applyConfiguration(Node node, Map<String, String> settings, StepServices services);

    /** Resets the firmware's settings to the factory's. */
    void factoryReset(Node node, StepServices services);

    @Override
    default List<Step> cleanSteps() {
        return steps();
    }

    @Override
    default List<Step> deploySteps() {
        return steps();
    }

    private static List<Step> steps() {
        ObjectNode argsinfo = JsonNodeFactory.instance.objectNode();
        argsinfo.putObject("settings").put("description", "A list of BIOS settings to be applied")
                .put("required", true);
        return List.of(new Step("apply_configuration", 0, "bios", false, false, argsinfo),
                new Step("factory_reset", 0, "bios", false, false, JsonNodeFactory.instance.objectNode()));
    }

    /**
     * Whether applied settings take effect only at the machine's next reset (real firmware), so the flow
     * reboots the node before the settings are read back.
     */
    default boolean appliesAtReset() {
        return false;
    }

    /**
     * Checks, once the machine restarted, that {@code settings} took effect; a setting that did not is an
     * error naming it. Nothing to check by default.
     */
    default void verifyApplied(Node node, Map<String, String> settings, StepServices services) {
    }

    @Override
    default Outcome execute(Node node, PlannedStep step, StepServices services) {
        switch (step.step().step()) {
            case "apply_configuration" -> applyConfiguration(node, settingsArgument(step), services);
            case "factory_reset" -> factoryReset(node, services);
            default -> throw new InvalidInputException("bios interface " + name() + " has no step "
                    + step.step().step() + "; its steps are apply_configuration and factory_reset.");
        }
        if (appliesAtReset()) {
            return Outcome.REBOOT;
        }
        cache(node, services);
        return Outcome.DONE;
    }

    @Override
    default void finishAfterReboot(Node node, PlannedStep step, StepServices services) {
        if (step.step().step().equals("apply_configuration")) {
            verifyApplied(node, settingsArgument(step), services);
        }
        cache(node, services);
    }

    /** Refreshes the conductor's cache of the node's settings from the machine. */
    default void cache(Node node, StepServices services) {
        services.store().bios().replaceAll(node.uuid(), read(node, services).stream()
                .map(r -> new BiosSetting(r.name(), r.value(), r.registry(), services.clock().instant(),
                        Optional.empty()))
                .toList());
    }

    /** {@code settings: [{name, value}, …]} as an ordered map; a malformed entry is refused naming it. */
    private static Map<String, String> settingsArgument(PlannedStep step) {
        JsonNode settings = step.args().get("settings").orElse(JsonNodeFactory.instance.missingNode());
        if (!settings.isArray() || settings.isEmpty()) {
            throw new InvalidInputException("Step bios.apply_configuration needs the argument settings: a"
                    + " non-empty list of {\"name\": ..., \"value\": ...}; got " + settings + ".");
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (JsonNode entry : settings) {
            if (!entry.path("name").isTextual() || entry.path("value").isMissingNode() || entry.path("value").isNull()
                    || entry.path("value").isContainerNode()) {
                throw new InvalidInputException("Step bios.apply_configuration: setting " + entry + " needs a"
                        + " text \"name\" and a scalar \"value\"; fix the settings argument and run the step again.");
            }
            out.put(entry.get("name").asText(), entry.get("value").asText());
        }
        return out;
    }
}
