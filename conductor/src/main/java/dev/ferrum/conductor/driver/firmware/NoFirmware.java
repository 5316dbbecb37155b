package dev.ferrum.conductor.driver.firmware;

import dev.ferrum.conductor.driver.UnsupportedExtensionException;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.driver.step.StepServices;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.protocol.step.Step;
import java.util.List;

/** The empty firmware slot ({@code no-firmware}): no steps; a request is an unsupported extension. */
public final class NoFirmware implements FirmwareInterface {
    @Override
    public String name() {
        return "no-firmware";
    }

    @Override
    public Validation validate(Node node) {
        return Validation.ok();
    }

    @Override
    public List<Step> cleanSteps() {
        return List.of();
    }

    @Override
    public List<Step> deploySteps() {
        return List.of();
    }

    @Override
    public void startUpdates(Node node, List<Update> updates, StepServices services) {
        throw new UnsupportedExtensionException(node.driver(), "firmware");
    }

    @Override
    public void recordAfterUpdate(Node node, List<Update> updates, StepServices services) {
        throw new UnsupportedExtensionException(node.driver(), "firmware");
    }
}
