package dev.ferrum.hardware.generic.oshi;

import java.util.Objects;
import java.util.Optional;

/**
 * A disk as OSHI reports it (through udev): its {@code /dev} node, udev's model and short serial, its
 * size in bytes. OSHI's sentinels are already absent here.
 */
public record OshiDisk(String name, Optional<String> model, Optional<String> serial, long size) {

    public OshiDisk {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(serial, "serial");
    }
}
