package dev.ferrum.conductor.api.actions;

import java.util.Objects;
import java.util.Optional;

/** The boot device a BMC reports; either part may be unknown (Ironic shows null). */
public record BootDevice(Optional<String> device, Optional<Boolean> persistent) {

    public BootDevice {
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(persistent, "persistent");
    }
}
