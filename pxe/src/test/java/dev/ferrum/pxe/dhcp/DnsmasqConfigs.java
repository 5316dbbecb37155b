package dev.ferrum.pxe.dhcp;

import dev.ferrum.pxe.script.HttpUrl;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Sample dnsmasq configurations for the tests. */
final class DnsmasqConfigs {
    private DnsmasqConfigs() {
    }

    static DnsmasqConfig full(Path base) {
        return new DnsmasqConfig(
                "veth-srv",
                List.of(new DhcpRange(new Ipv4Address("10.20.0.100"), new Ipv4Address("10.20.0.199"), Duration.ofHours(1))),
                Optional.of(new RouterAdvertisement("fd12:3456:789a:1::")),
                Optional.of(base.resolve("tftp")),
                HttpUrl.of("http://10.20.0.1:8080/boot/default.ipxe"),
                List.of(new Chainloader(ClientArch.BIOS_X86, "undionly.kpxe"),
                        new Chainloader(ClientArch.UEFI_X86_64, "ipxe.efi"),
                        new Chainloader(ClientArch.UEFI_ARM64, "arm64/ipxe.efi")),
                base.resolve("dhcp-hosts"),
                Optional.of(base.resolve("dnsmasq.leases")),
                Optional.of(base.resolve("dnsmasq.pid")),
                true);
    }

    static DnsmasqConfig minimal(Path base) {
        return new DnsmasqConfig(
                "eth1",
                List.of(new DhcpRange(new Ipv4Address("192.168.50.10"), new Ipv4Address("192.168.50.20"), Duration.ofSeconds(150)),
                        new DhcpRange(new Ipv4Address("192.168.50.100"), new Ipv4Address("192.168.50.120"), Duration.ofMinutes(30))),
                Optional.empty(),
                Optional.empty(),
                HttpUrl.of("http://192.168.50.1/boot/default.ipxe"),
                List.of(),
                base.resolve("hosts"),
                Optional.empty(),
                Optional.empty(),
                false);
    }
}
