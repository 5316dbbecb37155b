package dev.ferrum.conductor.driver.bios;

import dev.ferrum.conductor.driver.UnsupportedExtensionException;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.driver.step.StepServices;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.protocol.step.Step;
import java.util.List;
import java.util.Map;

/** The empty BIOS slot ({@code no-bios}): it offers no steps and every request is an unsupported extension. */
public final class NoBios implements BiosInterface {
    @Override
    public String name() {
        return "no-bios";
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
    public List<Reading> read(Node node, StepServices services) {
        throw new UnsupportedExtensionException(node.driver(), "bios");
    }

    @Override
    public void applyConfiguration(Node node, Map<String, String> settings, StepServices services) {
        throw new UnsupportedExtensionException(node.driver(), "bios");
    }

    @Override
    public void factoryReset(Node node, StepServices services) {
        throw new UnsupportedExtensionException(node.driver(), "bios");
    }
}
