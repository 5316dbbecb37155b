package dev.ferrum.hardware.example.raid;

import java.util.Objects;

/**
 * The RAID controller's cache battery: a fact no generic source has (OSHI and sysfs see the volumes the
 * controller presents, not the controller), so the vendor plugin adds it. {@code state} is the
 * controller's word ({@code optimal}, {@code charging}, {@code failed}); {@code chargePercent} 0–100.
 * The agent sends it as the inventory extra {@code acme_raid_battery}.
 */
public record BatteryState(String state, int chargePercent) {

    public BatteryState {
        Objects.requireNonNull(state, "state");
        if (chargePercent < 0 || chargePercent > 100) {
            throw new IllegalArgumentException("battery charge " + chargePercent + "% is not a percentage");
        }
    }
}
