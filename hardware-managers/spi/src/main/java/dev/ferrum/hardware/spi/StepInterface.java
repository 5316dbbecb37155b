package dev.ferrum.hardware.spi;

import java.util.Locale;

/**
 * The driver interface a step belongs to, as Ironic names it in a step's {@code interface}: the
 * conductor runs the step through that interface of the node's driver.
 */
public enum StepInterface {
    DEPLOY,
    RAID,
    BIOS,
    MANAGEMENT,
    POWER,
    FIRMWARE;

    /** The name on the wire, e.g. {@code raid}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
