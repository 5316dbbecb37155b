package dev.ferrum.hardware.spi;

/** A manager with the support level it claimed for this machine. */
public record SelectedManager(HardwareManager manager, SupportLevel support) {

    public String name() {
        return manager.name();
    }
}
