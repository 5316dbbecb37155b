package dev.ferrum.pxe.dhcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.pxe.GoldenFiles;
import dev.ferrum.pxe.PxeException;
import dev.ferrum.pxe.script.HttpUrl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DnsmasqConfigWriterTest {
    /** A fixed base so the golden files do not depend on where the test runs. */
    private static final Path BASE = Path.of("/var/lib/ferrum");
    private final DnsmasqConfigWriter writer = new DnsmasqConfigWriter();

    @Test
    void rendersEveryOption() {
        GoldenFiles.assertMatches("dnsmasq-full.conf", writer.render(DnsmasqConfigs.full(BASE)));
    }

    @Test
    void rendersTheMinimumForIpxeOnlyClients() {
        GoldenFiles.assertMatches("dnsmasq-minimal.conf", writer.render(DnsmasqConfigs.minimal(BASE)));
    }

    @Test
    void writesAtomicallyAndReportsWhetherARestartIsDue(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("dnsmasq.conf");

        assertThat(writer.write(DnsmasqConfigs.full(BASE), file)).isTrue();
        assertThat(writer.write(DnsmasqConfigs.full(BASE), file)).isFalse();
        assertThat(writer.write(DnsmasqConfigs.minimal(BASE), file)).isTrue();

        assertThat(Files.readString(file)).isEqualTo(writer.render(DnsmasqConfigs.minimal(BASE)));
        assertThat(writer.read(file)).contains(writer.render(DnsmasqConfigs.minimal(BASE)));
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(file);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "eth 1", "a-very-long-interface-name", "eth1\nport=53", "eth1,foo"})
    void refusesBadInterfaceNames(String name) {
        assertThatThrownBy(() -> withInterface(name)).isInstanceOf(PxeException.class).hasMessageContaining("interface name");
    }

    @ParameterizedTest
    @ValueSource(strings = {"relative/dir", "/with space", "/with,comma", "/with#hash", "/new\nline", "/quote\"d"})
    void refusesPathsDnsmasqWouldMisread(String path) {
        DnsmasqConfig good = DnsmasqConfigs.minimal(BASE);
        assertThatThrownBy(() -> new DnsmasqConfig(good.interfaceName(), good.ranges(), good.routerAdvertisement(), good.tftpRoot(),
                good.ipxeScript(), good.chainloaders(), Path.of(path), good.leaseFile(), good.pidFile(), false))
                .isInstanceOf(PxeException.class).hasMessageContaining("hosts directory");
    }

    @Test
    void refusesScriptUrlsDnsmasqOrDhcpCannotCarry() {
        DnsmasqConfig good = DnsmasqConfigs.minimal(BASE);
        assertThatThrownBy(() -> new DnsmasqConfig(good.interfaceName(), good.ranges(), Optional.empty(), Optional.empty(),
                HttpUrl.of("http://h/boot/a,b.ipxe"), List.of(), good.hostsDirectory(), Optional.empty(), Optional.empty(), false))
                .isInstanceOf(PxeException.class).hasMessageContaining("','");
        assertThatThrownBy(() -> new DnsmasqConfig(good.interfaceName(), good.ranges(), Optional.empty(), Optional.empty(),
                HttpUrl.of("http://h/" + "x".repeat(130)), List.of(), good.hostsDirectory(), Optional.empty(), Optional.empty(), false))
                .isInstanceOf(PxeException.class).hasMessageContaining("boot file field");
    }

    @Test
    void chainloadersNeedTftpAndOnePerArchitecture() {
        DnsmasqConfig good = DnsmasqConfigs.minimal(BASE);
        assertThatThrownBy(() -> new DnsmasqConfig(good.interfaceName(), good.ranges(), Optional.empty(), Optional.empty(),
                good.ipxeScript(), List.of(new Chainloader(ClientArch.BIOS_X86, "undionly.kpxe")), good.hostsDirectory(),
                Optional.empty(), Optional.empty(), false))
                .isInstanceOf(PxeException.class).hasMessageContaining("TFTP root");
        assertThatThrownBy(() -> new DnsmasqConfig(good.interfaceName(), good.ranges(), Optional.empty(), Optional.of(BASE),
                good.ipxeScript(), List.of(new Chainloader(ClientArch.BIOS_X86, "a.kpxe"), new Chainloader(ClientArch.BIOS_X86, "b.kpxe")),
                good.hostsDirectory(), Optional.empty(), Optional.empty(), false))
                .isInstanceOf(PxeException.class).hasMessageContaining("two chainloaders");
    }

    @ParameterizedTest
    @ValueSource(strings = {"../undionly.kpxe", "/abs.efi", "a b.efi", "a,b.efi", ".hidden", "dir/../x.efi", ""})
    void refusesChainloaderFilesOutsideTheTftpRoot(String file) {
        assertThatThrownBy(() -> new Chainloader(ClientArch.UEFI_X86_64, file)).isInstanceOf(PxeException.class);
    }

    @Test
    void checksRanges() {
        Ipv4Address low = new Ipv4Address("10.0.0.10");
        Ipv4Address high = new Ipv4Address("10.0.0.20");
        assertThatThrownBy(() -> new DhcpRange(high, low, Duration.ofHours(1))).isInstanceOf(PxeException.class).hasMessageContaining("reversed");
        assertThatThrownBy(() -> new DhcpRange(low, high, Duration.ofSeconds(60))).isInstanceOf(PxeException.class);
        assertThat(new DhcpRange(low, high, Duration.ofSeconds(121)).render()).isEqualTo("10.0.0.10,10.0.0.20,121");
        assertThat(new DhcpRange(low, low, Duration.ofDays(1)).render()).isEqualTo("10.0.0.10,10.0.0.10,24h");
    }

    @ParameterizedTest
    @ValueSource(strings = {"10.0.0", "10.0.0.256", "010.0.0.1", "host.example", "10.0.0.1 ", "::1"})
    void refusesWhatIsNotADottedQuad(String text) {
        assertThatThrownBy(() -> new Ipv4Address(text)).isInstanceOf(PxeException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2001:db8::", "fd12:3456:789a:1::1", "fd12::/64", "fd12", "localhost", "fe80::"})
    void routerAdvertisementsNeedAUniqueLocalSlash64(String prefix) {
        assertThatThrownBy(() -> new RouterAdvertisement(prefix)).isInstanceOf(PxeException.class);
    }

    private static DnsmasqConfig withInterface(String name) {
        DnsmasqConfig good = DnsmasqConfigs.minimal(BASE);
        return new DnsmasqConfig(name, good.ranges(), good.routerAdvertisement(), good.tftpRoot(), good.ipxeScript(),
                good.chainloaders(), good.hostsDirectory(), good.leaseFile(), good.pidFile(), good.logDhcp());
    }
}
