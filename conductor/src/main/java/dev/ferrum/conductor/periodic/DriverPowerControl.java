package dev.ferrum.conductor.periodic;

import dev.ferrum.conductor.driver.DriverRegistry;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;

/** Power sync's reads and forcings through each node's own power interface. */
public final class DriverPowerControl implements PowerSync.PowerControl {
    private final DriverRegistry drivers;

    public DriverPowerControl(DriverRegistry drivers) {
        this.drivers = drivers;
    }

    @Override
    public PowerState read(Node node) {
        return drivers.bundleFor(node).power().powerState(node);
    }

    @Override
    public void set(Node node, PowerState target) {
        var power = drivers.bundleFor(node).power();
        switch (target) {
            case POWER_ON, REBOOTING, SOFT_REBOOTING -> power.powerOn(node);
            case POWER_OFF, SOFT_POWER_OFF -> power.powerOff(node);
        }
    }
}
