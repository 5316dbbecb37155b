package dev.ferrum.conductor.driver.management;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.node.Node;
import java.util.Set;

/**
 * The empty management slot ({@code noop}): never valid; setting a boot device fails saying the
 * node's boot order must be set by hand (Ironic's manual-management), reading one knows nothing.
 */
public final class NoopManagement implements ManagementInterface {

    @Override
    public String name() {
        return "noop";
    }

    @Override
    public Validation validate(Node node) {
        return Validation.invalid("no management interface is set; the boot order must be configured by hand or a "
                + "management interface such as ipmitool chosen");
    }

    @Override
    public void setBootDevice(Node node, BootDevice device, boolean persistent) {
        throw new DriverException("node=" + node.uuid() + " has no management interface and cannot be told to boot from "
                + device + "; configure its boot order by hand or set management_interface");
    }

    @Override
    public BootDeviceSetting bootDevice(Node node) {
        return BootDeviceSetting.unknown();
    }

    @Override
    public Set<BootDevice> supportedBootDevices(Node node) {
        return Set.of();
    }
}
