package dev.ferrum.conductor.driver.management;

import dev.ferrum.conductor.error.InvalidInputException;
import java.util.Arrays;
import java.util.Locale;

/** A device a node can be told to boot from next, under Ironic's wire names. */
public enum BootDevice {
    PXE,
    DISK,
    CDROM,
    BIOS,
    SAFE;

    /** {@code pxe}, {@code disk}, … as on the wire. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a wire name; an unknown one is the caller's error. */
    public static BootDevice fromWire(String name) {
        return Arrays.stream(values()).filter(d -> d.wireName().equals(name)).findFirst()
                .orElseThrow(() -> new InvalidInputException("Unknown boot device '" + name + "'; known: "
                        + Arrays.stream(values()).map(BootDevice::wireName).toList()));
    }

    @Override
    public String toString() {
        return wireName();
    }
}
