package dev.ferrum.conductor.driver.ipmi;

import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.driver.management.BootDevice;
import dev.ferrum.conductor.driver.management.BootDeviceSetting;
import dev.ferrum.conductor.driver.management.ManagementInterface;
import dev.ferrum.conductor.node.Node;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** {@code ipmitool} management: {@code chassis bootdev} to set, {@code chassis bootparam get 5} to read. */
public final class IpmitoolManagement implements ManagementInterface {
    private static final System.Logger LOG = System.getLogger(IpmitoolManagement.class.getName());

    private final IpmiTool tool;
    private final IpmiConfig config;

    public IpmitoolManagement(IpmiTool tool, IpmiConfig config) {
        this.tool = tool;
        this.config = config;
    }

    @Override
    public String name() {
        return "ipmitool";
    }

    @Override
    public Validation validate(Node node) {
        return IpmiTarget.validate(node);
    }

    @Override
    public void setBootDevice(Node node, BootDevice device, boolean persistent) {
        // ipmitool's bootdev names match Ironic's wire names one to one.
        List<String> args = new ArrayList<>(List.of("chassis", "bootdev", device.wireName()));
        if (persistent) {
            args.add("options=persistent");
        }
        tool.run(IpmiTarget.from(node, config.defaultCipherSuite()), args);
        LOG.log(Level.INFO,
                () -> "node=" + node.uuid() + " boot device set to " + device + (persistent ? " (persistent)" : ""));
    }

    @Override
    public BootDeviceSetting bootDevice(Node node) {
        return IpmiOutput.bootFlags(tool.run(IpmiTarget.from(node, config.defaultCipherSuite()),
                List.of("chassis", "bootparam", "get", "5")));
    }

    @Override
    public Set<BootDevice> supportedBootDevices(Node node) {
        return EnumSet.allOf(BootDevice.class);
    }
}
