package dev.ferrum.hardware.generic.net;

import dev.ferrum.hardware.generic.fs.MachineFiles;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.inventory.NetworkInterface;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Lists the physical NICs in {@code /sys/class/net}: those with a {@code device} link, which
 * loopback, bridges, bonds, veth, tun/tap and VLANs lack. IP addresses come from the
 * {@link IpAddressSource}; everything else from sysfs.
 */
public final class NicReader {
    private static final Pattern PCI_ADDRESS = Pattern.compile("[0-9a-f]{4,}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]");

    private static final String PERMANENT_ADDRESS = "bonding_slave/perm_hwaddr";

    private final IpAddressSource addresses;

    public NicReader(IpAddressSource addresses) {
        this.addresses = addresses;
    }

    /** The physical NICs, by name. */
    public List<NetworkInterface> read(MachineContext machine) {
        Path net = machine.sys().resolve("class/net");
        List<NetworkInterface> nics = new ArrayList<>();
        for (String name : MachineFiles.names(net)) {
            Path dir = net.resolve(name);
            if (name.equals("lo") || !MachineFiles.exists(dir.resolve("device"))) {
                continue;
            }
            // A NIC without a MAC cannot be matched to a port; IPA skips it too.
            // A bond's ports all show the bond's address; the port's own is its permanent one.
            Optional<String> mac = MachineFiles.text(dir.resolve(PERMANENT_ADDRESS))
                    .or(() -> MachineFiles.text(dir.resolve("address"))).map(m -> m.toLowerCase(Locale.ROOT));
            if (mac.isEmpty()) {
                continue;
            }
            InterfaceAddresses assigned = addresses.addressesOf(name);
            Path device = dir.resolve("device");
            nics.add(new NetworkInterface(
                    name,
                    mac.get(),
                    assigned.ipv4(),
                    assigned.ipv6(),
                    // Reading carrier fails (EINVAL) while the interface is down: no carrier then.
                    MachineFiles.text(dir.resolve("carrier")).map("1"::equals).orElse(false),
                    Optional.empty(),
                    MachineFiles.text(device.resolve("vendor")),
                    MachineFiles.text(device.resolve("device")),
                    Optional.empty(),
                    Optional.empty(),
                    speed(dir.resolve("speed")),
                    pciAddress(device),
                    MachineFiles.linkName(device.resolve("driver"))));
        }
        return List.copyOf(nics);
    }

    /**
     * Whether {@code name} is a bond's port: its {@code address} is then the bond's, and the inventory
     * reports its permanent one, so another source's current MAC differs by design.
     */
    public static boolean isBondPort(MachineContext machine, String name) {
        return MachineFiles.exists(machine.sys().resolve("class/net").resolve(name).resolve(PERMANENT_ADDRESS));
    }

    /** Link speed in Mb/s; unknown (-1, or its unsigned form) and unreadable become absent. */
    static Optional<Integer> speed(Path file) {
        return MachineFiles.number(file).filter(s -> s > 0 && s < Integer.MAX_VALUE).map(Long::intValue);
    }

    /**
     * The NIC's PCI address: the device link's own name, or for a virtio NIC (whose device is
     * {@code virtio2}) the PCI function it sits on.
     */
    static Optional<String> pciAddress(Path deviceLink) {
        Optional<String> own = MachineFiles.linkName(deviceLink).filter(n -> PCI_ADDRESS.matcher(n).matches());
        if (own.isPresent()) {
            return own;
        }
        return MachineFiles.realPath(deviceLink).map(Path::getParent).map(Path::getFileName).map(Path::toString)
                .filter(n -> PCI_ADDRESS.matcher(n).matches());
    }
}
