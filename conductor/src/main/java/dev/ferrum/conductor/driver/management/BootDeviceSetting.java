package dev.ferrum.conductor.driver.management;

import java.util.Optional;

/**
 * What a BMC says a node will boot from: a device (empty when no override is set, or the BMC's
 * answer is unknown) and whether the choice persists across boots (empty when unknown).
 */
public record BootDeviceSetting(Optional<BootDevice> device, Optional<Boolean> persistent) {
    public BootDeviceSetting {
        java.util.Objects.requireNonNull(device, "device");
        java.util.Objects.requireNonNull(persistent, "persistent");
    }

    public static BootDeviceSetting of(BootDevice device, boolean persistent) {
        return new BootDeviceSetting(Optional.of(device), Optional.of(persistent));
    }

    public static BootDeviceSetting unknown() {
        return new BootDeviceSetting(Optional.empty(), Optional.empty());
    }
}
