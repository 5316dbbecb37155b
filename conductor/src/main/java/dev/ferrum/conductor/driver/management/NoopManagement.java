package dev.ferrum.conductor.driver.management;

import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.node.Node;
import java.util.EnumSet;
import java.util.Set;

/**
 * The {@code noop} management slot, as Ironic's: for machines whose boot order is set by hand to try the
 * network first, then the disk. It is always valid; asking it to boot from the network or the disk is
 * logged and succeeds (the machine is assumed to do so already), anything else is refused; it reports
 * {@code pxe}, persistent.
 */
public final class NoopManagement implements ManagementInterface {
    private static final System.Logger LOG = System.getLogger(NoopManagement.class.getName());
    private static final Set<BootDevice> SUPPORTED = EnumSet.of(BootDevice.PXE, BootDevice.DISK);

    @Override
    public String name() {
        return "noop";
    }

    @Override
    public Validation validate(Node node) {
        return Validation.ok();
    }

    @Override
    public void setBootDevice(Node node, BootDevice device, boolean persistent) {
        if (!SUPPORTED.contains(device)) {
            throw new InvalidInputException("Invalid boot device " + device + " specified, supported are pxe, disk.");
        }
        LOG.log(System.Logger.Level.INFO, "node=" + node.uuid() + " boot device " + device + " requested with noop"
                + " management: not set, the boot order is assumed to be configured by hand");
    }

    @Override
    public BootDeviceSetting bootDevice(Node node) {
        return BootDeviceSetting.of(BootDevice.PXE, true);
    }

    @Override
    public Set<BootDevice> supportedBootDevices(Node node) {
        return SUPPORTED;
    }
}
