package dev.ferrum.conductor.driver.power;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;

/** The empty power slot: never valid, and every call fails saying which power interface to choose. */
public final class NoopPower implements PowerInterface {

    @Override
    public String name() {
        return "noop";
    }

    @Override
    public Validation validate(Node node) {
        return Validation.invalid("no power interface is set; choose one the hardware type allows, e.g. ipmitool");
    }

    @Override
    public PowerState powerState(Node node) {
        throw unsupported(node);
    }

    @Override
    public void powerOn(Node node) {
        throw unsupported(node);
    }

    @Override
    public void powerOff(Node node) {
        throw unsupported(node);
    }

    @Override
    public void reboot(Node node) {
        throw unsupported(node);
    }

    private static DriverException unsupported(Node node) {
        return new DriverException("node=" + node.uuid() + " has no power interface; set power_interface to one its "
                + "hardware type allows (see GET /v1/drivers/" + node.driver() + ")");
    }
}
