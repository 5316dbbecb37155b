package dev.ferrum.conductor.driver.firmware;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.driver.DriverInterface;
import dev.ferrum.conductor.driver.step.OutOfBandSteps;
import dev.ferrum.conductor.driver.step.StepServices;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PlannedStep;
import dev.ferrum.protocol.step.Step;
import java.util.ArrayList;
import java.util.List;

/**
 * A driver's firmware slot: Ironic's {@code firmware.update} step (args {@code settings: [{component, url}]}),
 * a clean and deploy step at priority 0. The firmware takes a new image at the machine's next reset, so the
 * step asks the flow for a reboot and then records every component's version in the conductor's firmware
 * table, checking the updated ones moved.
 */
public interface FirmwareInterface extends DriverInterface, OutOfBandSteps {

    /** One requested update. */
    record Update(String component, String url) {
    }

    /** Starts the updates; they take effect at the next reset. */
    void startUpdates(Node node, List<Update> updates, StepServices services);

    /** After the reset: records the components' versions and fails naming any update that did not take. */
    void recordAfterUpdate(Node node, List<Update> updates, StepServices services);

    @Override
    default List<Step> cleanSteps() {
        ObjectNode argsinfo = JsonNodeFactory.instance.objectNode();
        argsinfo.putObject("settings").put("description", "A list of dicts with firmware components to be updated")
                .put("required", true);
        return List.of(new Step("update", 0, "firmware", false, false, argsinfo));
    }

    @Override
    default List<Step> deploySteps() {
        return cleanSteps();
    }

    @Override
    default Outcome execute(Node node, PlannedStep step, StepServices services) {
        if (!step.step().step().equals("update")) {
            throw new InvalidInputException("firmware interface " + name() + " has no step " + step.step().step()
                    + "; its step is update.");
        }
        startUpdates(node, updates(step), services);
        return Outcome.REBOOT;
    }

    @Override
    default void finishAfterReboot(Node node, PlannedStep step, StepServices services) {
        recordAfterUpdate(node, updates(step), services);
    }

    private static List<Update> updates(PlannedStep step) {
        JsonNode settings = step.args().get("settings").orElse(JsonNodeFactory.instance.missingNode());
        if (!settings.isArray() || settings.isEmpty()) {
            throw new InvalidInputException("Step firmware.update needs the argument settings: a non-empty list of"
                    + " {\"component\": ..., \"url\": ...}; got " + settings + ".");
        }
        List<Update> out = new ArrayList<>();
        for (JsonNode entry : settings) {
            if (!entry.path("component").isTextual() || !entry.path("url").isTextual()) {
                throw new InvalidInputException("Step firmware.update: entry " + entry + " needs a text \"component\""
                        + " (e.g. bios, bmc) and \"url\" of the image; fix the settings argument and run the step"
                        + " again.");
            }
            out.add(new Update(entry.get("component").asText(), entry.get("url").asText()));
        }
        return out;
    }
}
