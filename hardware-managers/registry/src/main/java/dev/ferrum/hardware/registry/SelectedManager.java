package dev.ferrum.hardware.registry;

import dev.ferrum.hardware.spi.HardwareManager;
import dev.ferrum.hardware.spi.SupportLevel;

/** A manager with the support level it claimed for this machine. */
public record SelectedManager(HardwareManager manager, SupportLevel support) {

    public String name() {
        return manager.name();
    }
}
