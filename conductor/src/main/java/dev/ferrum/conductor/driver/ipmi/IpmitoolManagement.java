package dev.ferrum.conductor.driver.ipmi;

import dev.ferrum.conductor.driver.DriverInfo;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.driver.management.BootDevice;
import dev.ferrum.conductor.driver.management.BootDeviceSetting;
import dev.ferrum.conductor.driver.management.ManagementInterface;
import dev.ferrum.conductor.node.DeployBootMode;
import dev.ferrum.conductor.node.Node;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** {@code ipmitool} management: boot flags set as Ironic sets them, {@code chassis bootparam get 5} to read. */
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

    /**
     * Sets the next boot device as Ironic's ipmitool driver does: first the raw Set System Boot Options call that
     * clears the boot flags' 60-second validity timer (unless {@code driver_info.ipmi_disable_boot_timeout} is
     * false: some BMCs, OpenBMC among them, refuse it), since a power-on can come later than a minute; then, for a
     * node in UEFI mode, the boot flags as raw bytes with the EFI bit, because {@code chassis bootdev} cannot say
     * "EFI" and "persistent" together on the ipmitool builds distributions ship; in BIOS mode {@code chassis bootdev}.
     */
    @Override
    public void setBootDevice(Node node, BootDevice device, boolean persistent) {
        // Both checked before the BMC hears anything: a refused boot mode leaves the boot flags as they were.
        boolean uefi = DeployBootMode.of(node).equals(DeployBootMode.UEFI);
        IpmiTarget target = IpmiTarget.from(node, config.defaultCipherSuite());
        if (DriverInfo.of(node).bool("ipmi_disable_boot_timeout", true)) {
            tool.run(target, List.of("raw", "0x00", "0x08", "0x03", "0x08"));
        }
        tool.run(target, uefi ? efiBootFlags(node, device, persistent) : bootdev(device, persistent));
        LOG.log(Level.INFO, () -> "node=" + node.uuid() + " boot device set to " + device
                + (persistent ? " (persistent)" : "") + (uefi ? " (UEFI)" : ""));
    }

    private static List<String> bootdev(BootDevice device, boolean persistent) {
        // ipmitool's bootdev names match Ironic's wire names one to one.
        List<String> args = new ArrayList<>(List.of("chassis", "bootdev", device.wireName()));
        if (persistent) {
            args.add("options=persistent");
        }
        return args;
    }

    /**
     * Boot flags parameter 5 (IPMI 2.0, Set System Boot Options): byte 1 is valid + EFI, plus persistent when asked
     * (0xe0, else 0xa0); byte 2's device selector per the spec, except that Supermicro boards in UEFI mode boot
     * their disk under 0x24 (Ironic's vendor map, keyed on {@code properties.vendor}).
     */
    private static List<String> efiBootFlags(Node node, BootDevice device, boolean persistent) {
        boolean supermicro = node.properties().string("vendor").map(v -> v.strip().equalsIgnoreCase("supermicro"))
                .orElse(false);
        String selector = switch (device) {
            case PXE -> "0x04";
            case DISK -> supermicro ? "0x24" : "0x08";
            case CDROM -> "0x14";
            case BIOS -> "0x18";
            case SAFE -> "0x0c";
        };
        return List.of("raw", "0x00", "0x08", "0x05", persistent ? "0xe0" : "0xa0", selector, "0x00", "0x00", "0x00");
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
