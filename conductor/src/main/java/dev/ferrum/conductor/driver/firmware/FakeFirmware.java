package dev.ferrum.conductor.driver.firmware;

import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.driver.step.StepServices;
import dev.ferrum.conductor.node.Node;
import java.util.List;

/**
 * fake-hardware's firmware slot ({@code fake}): there is no machine, so an update records each component at
 * the image URL's last path segment as its version, flashed.
 */
public final class FakeFirmware implements FirmwareInterface {
    @Override
    public String name() {
        return "fake";
    }

    @Override
    public Validation validate(Node node) {
        return Validation.ok();
    }

    @Override
    public void startUpdates(Node node, List<Update> updates, StepServices services) {
        // Nothing to start: the "flash" is recorded after the reset.
    }

    @Override
    public void recordAfterUpdate(Node node, List<Update> updates, StepServices services) {
        updates.forEach(u -> services.store().firmware().record(node.uuid(), u.component(),
                u.url().substring(u.url().lastIndexOf('/') + 1), true));
    }
}
