package dev.ferrum.sandbox.machine;

import java.util.Locale;

/**
 * Who a simulated machine is: its name (also its Redfish System id), the MAC of its one NIC and
 * its serial number, all derived from its 1-based index so every machine in a sandbox differs.
 */
public record MachineIdentity(int index, String name, String mac, String serial) {

    public MachineIdentity {
        if (index < 1 || index > 250) {
            throw new IllegalArgumentException("a sandbox machine index is 1-250, got " + index);
        }
    }

    /** The {@code index}-th machine: {@code sandbox-<index>}, a locally administered MAC. */
    public static MachineIdentity of(int index) {
        // 02: locally administered and unicast, so it can never collide with a real NIC's MAC.
        return new MachineIdentity(index, "sandbox-" + index,
                String.format(Locale.ROOT, "02:fe:72:00:00:%02x", index),
                String.format(Locale.ROOT, "FERRUM-SBX-%04d", index));
    }
}
