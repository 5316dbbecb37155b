package dev.ferrum.integration.vm;

import dev.ferrum.pxe.dhcp.Chainloader;
import dev.ferrum.pxe.dhcp.ClientArch;
import dev.ferrum.pxe.dhcp.DhcpRange;
import dev.ferrum.pxe.dhcp.DnsmasqConfig;
import dev.ferrum.pxe.dhcp.DnsmasqConfigWriter;
import dev.ferrum.pxe.dhcp.Ipv4Address;
import dev.ferrum.pxe.dhcp.RouterAdvertisement;
import dev.ferrum.pxe.script.HttpUrl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * A provisioning network that only this test uses: a network namespace holding a bridge, the VMs'
 * tap devices and dnsmasq (DHCP for the iPXE chain, IPv6 RAs so iPXE does not wait), joined to
 * the host by a veth pair on a private /24 the test picks where no route exists yet. The host end
 * ({@code .1}) is where the conductor listens, so the VM reaches it and the test reaches its API
 * without any traffic leaving links the test made. {@link #close} stops dnsmasq by its PID and
 * deletes the namespace, which takes the bridge, the taps and both veth ends with it.
 */
final class ProvisioningNetwork implements AutoCloseable {
    static final String BRIDGE = "br0";

    private final String id = HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt()).substring(2);
    private final String namespace = "fvm-" + id;
    private final String hostLink = "fvm" + id + "h";
    private final String namespaceLink = "fvm" + id + "n";
    private final int subnet;
    private boolean namespaceCreated;
    private boolean hostLinkCreated;
    private Process dnsmasq;
    private Path dnsmasqLog;

    private ProvisioningNetwork(int subnet) {
        this.subnet = subnet;
    }

    /** Creates the namespace, bridge and veth pair on a free 10.199.x.0/24; closes what it made if it fails. */
    static ProvisioningNetwork create() {
        String routes = HostCommands.run("ip", "-4", "route", "show", "table", "all");
        int subnet = -1;
        for (int attempt = 0; attempt < 50 && subnet < 0; attempt++) {
            int candidate = ThreadLocalRandom.current().nextInt(1, 255);
            if (!routes.contains("10.199." + candidate + ".")) {
                subnet = candidate;
            }
        }
        if (subnet < 0) {
            throw new IllegalStateException("no free 10.199.x.0/24 for the provisioning network");
        }
        ProvisioningNetwork network = new ProvisioningNetwork(subnet);
        try {
            network.build();
        } catch (RuntimeException e) {
            network.close();
            throw e;
        }
        return network;
    }

    private void build() {
        HostCommands.run("ip", "netns", "add", namespace);
        namespaceCreated = true;
        HostCommands.run("ip", "link", "add", hostLink, "type", "veth", "peer", "name", namespaceLink);
        hostLinkCreated = true;
        HostCommands.run("ip", "link", "set", namespaceLink, "netns", namespace);
        // No IPv6 on the host end: dnsmasq's router advertisements for the VMs must not give the host
        // an address or a route into the test's namespace.
        Path hostIpv6 = Path.of("/proc/sys/net/ipv6/conf", hostLink, "disable_ipv6");
        if (Files.exists(hostIpv6)) {
            try {
                Files.writeString(hostIpv6, "1\n");
            } catch (IOException e) {
                throw new IllegalStateException("cannot turn IPv6 off on " + hostLink + ": " + e.getMessage(), e);
            }
        }
        HostCommands.run("ip", "addr", "add", hostAddress() + "/24", "dev", hostLink);
        HostCommands.run("ip", "link", "set", hostLink, "up");
        HostCommands.run("ip", "-n", namespace, "link", "set", "lo", "up");
        HostCommands.run("ip", "-n", namespace, "link", "add", BRIDGE, "type", "bridge");
        HostCommands.run("ip", "-n", namespace, "link", "set", namespaceLink, "master", BRIDGE);
        HostCommands.run("ip", "-n", namespace, "addr", "add", dhcpServerAddress() + "/24", "dev", BRIDGE);
        // dnsmasq only advertises a prefix its interface holds; nodad: usable at once.
        HostCommands.run("ip", "-n", namespace, "addr", "add", ipv6Prefix() + "2/64", "dev", BRIDGE, "nodad");
        HostCommands.run("ip", "-n", namespace, "link", "set", namespaceLink, "up");
        HostCommands.run("ip", "-n", namespace, "link", "set", BRIDGE, "up");
    }

    /** Adds a tap device to the bridge for a VM; QEMU opens it by name. */
    String addTap(int index) {
        String tap = "tap" + index;
        HostCommands.run("ip", "-n", namespace, "tuntap", "add", "dev", tap, "mode", "tap");
        HostCommands.run("ip", "-n", namespace, "link", "set", tap, "master", BRIDGE);
        HostCommands.run("ip", "-n", namespace, "link", "set", tap, "up");
        return tap;
    }

    /**
     * Starts dnsmasq in the namespace on the bridge: DHCP only for MACs the conductor allows in
     * {@code hostsDirectory}, iPXE clients sent to {@code ipxeScript}; logs into {@code logDirectory}.
     */
    void startDnsmasq(Path hostsDirectory, HttpUrl ipxeScript, Path logDirectory, Firmware firmware)
            throws IOException, InterruptedException {
        Path dnsmasqBinary = HostCommands.find("dnsmasq").orElseThrow();
        // OVMF may PXE-boot with its own client before (or instead of) the NIC ROM's iPXE: that client
        // gets iPXE for UEFI over TFTP, as the conductor's documented dnsmasq setup serves it. The TFTP
        // root sits under the logs because dnsmasq reads it as 'nobody'.
        Optional<Path> tftpRoot = Optional.empty();
        List<Chainloader> chainloaders = List.of();
        if (firmware == Firmware.UEFI) {
            tftpRoot = Optional.of(Files.createDirectories(logDirectory.resolve("tftp")));
            Files.copy(Firmware.IPXE_EFI, tftpRoot.get().resolve("snponly.efi"), StandardCopyOption.REPLACE_EXISTING);
            chainloaders = List.of(new Chainloader(ClientArch.UEFI_X86_64, "snponly.efi"));
        }
        DnsmasqConfig config = new DnsmasqConfig(BRIDGE,
                List.of(new DhcpRange(new Ipv4Address(prefix() + "100"), new Ipv4Address(prefix() + "150"), Duration.ofHours(1))),
                Optional.of(new RouterAdvertisement(ipv6Prefix())), tftpRoot, ipxeScript, chainloaders, hostsDirectory,
                Optional.of(logDirectory.resolve("dnsmasq.leases")), Optional.empty(), true);
        Path file = logDirectory.resolve("dnsmasq.conf");
        new DnsmasqConfigWriter().write(config, file);
        dnsmasqLog = logDirectory.resolve("dnsmasq.log");
        dnsmasq = new ProcessBuilder("ip", "netns", "exec", namespace, dnsmasqBinary.toString(), "--keep-in-foreground",
                // As root, in the test's own namespace: dnsmasq otherwise drops to 'nobody', which cannot reach the
                // hosts directory when the checkout lives under a private directory (a mktemp -d clone is 0700), and
                // then answers no machine.
                "--user=root", "--conf-file=" + file, "--log-facility=" + dnsmasqLog)
                .redirectErrorStream(true).redirectOutput(logDirectory.resolve("dnsmasq.out").toFile()).start();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!(Files.exists(dnsmasqLog) && Files.readString(dnsmasqLog).contains("DHCP, IP range"))) {
            if (!dnsmasq.isAlive()) {
                throw new IllegalStateException("dnsmasq exited with " + dnsmasq.exitValue() + ": "
                        + Files.readString(logDirectory.resolve("dnsmasq.out")));
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("dnsmasq did not start within 10 s; see " + dnsmasqLog);
            }
            Thread.sleep(50);
        }
    }

    String namespace() {
        return namespace;
    }

    /** The host end of the veth pair, where the conductor listens. */
    String hostAddress() {
        return prefix() + "1";
    }

    private String dhcpServerAddress() {
        return prefix() + "2";
    }

    private String prefix() {
        return "10.199." + subnet + ".";
    }

    private String ipv6Prefix() {
        return "fd00:199:" + Integer.toHexString(subnet) + "::";
    }

    @Override
    public void close() {
        if (dnsmasq != null) {
            dnsmasq.destroy();
            try {
                if (!dnsmasq.waitFor(5, TimeUnit.SECONDS)) {
                    dnsmasq.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                dnsmasq.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        if (namespaceCreated) {
            HostCommands.attempt("ip", "netns", "del", namespace);
        }
        if (hostLinkCreated) {
            // Normally gone with its peer's namespace; deleted here if the move never happened.
            HostCommands.attempt("ip", "link", "del", hostLink);
        }
    }
}
