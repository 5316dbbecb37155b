package dev.ferrum.hardware.generic.net;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.generic.Fixtures;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.inventory.NetworkInterface;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NicReaderTest {

    @Test
    void listsOnlyPhysicalNics() {
        assertThat(new NicReader(IpAddressSource.NONE).read(Fixtures.machine("server")))
                .extracting(NetworkInterface::name).containsExactly("ens1f0", "ens1f1");
        assertThat(new NicReader(IpAddressSource.NONE).read(Fixtures.machine("vm")))
                .extracting(NetworkInterface::name).containsExactly("eth0");
    }

    @Test
    void aDownNicHasNoCarrierAndNoSpeed() {
        NetworkInterface down = new NicReader(IpAddressSource.NONE).read(Fixtures.machine("server")).get(1);
        assertThat(down.hasCarrier()).isFalse();
        assertThat(down.speedMbps()).isEmpty();
        assertThat(down.ipv4Address()).isEmpty();
    }

    @Test
    void addressesComeFromTheSource() {
        IpAddressSource source = new FakeIpAddressSource(Map.of("eth0",
                new InterfaceAddresses(Optional.of("192.0.2.2"), Optional.empty())));
        NetworkInterface eth0 = new NicReader(source).read(Fixtures.machine("vm")).getFirst();
        assertThat(eth0.ipv4Address()).contains("192.0.2.2");
        assertThat(eth0.ipv6Address()).isEmpty();
    }

    @Test
    void virtioNicsReportThePciFunctionTheySitOn() {
        Path vm = Fixtures.root("vm");
        assertThat(NicReader.pciAddress(vm.resolve("sys/class/net/eth0/device"))).contains("0000:00:03.0");
        assertThat(NicReader.pciAddress(Fixtures.root("server").resolve("sys/class/net/ens1f0/device")))
                .contains("0000:5e:00.0");
        assertThat(NicReader.pciAddress(vm.resolve("sys/class/net/lo/device"))).isEmpty();
    }

    @Test
    void speedsThatMeanUnknownAreAbsent(@TempDir Path dir) throws Exception {
        for (String value : new String[] {"-1", "4294967295", "0", "fast", ""}) {
            Files.writeString(dir.resolve("speed"), value + "\n");
            assertThat(NicReader.speed(dir.resolve("speed"))).as(value).isEmpty();
        }
        Files.writeString(dir.resolve("speed"), "25000\n");
        assertThat(NicReader.speed(dir.resolve("speed"))).contains(25_000);
    }

    @Test
    void aNicWithoutAMacIsSkipped(@TempDir Path root) throws Exception {
        Path nic = root.resolve("sys/devices/platform/can0/net/can0");
        Files.createDirectories(nic);
        Files.createSymbolicLink(nic.resolve("device"), Path.of("../../../can0"));
        Files.createDirectories(root.resolve("sys/class/net"));
        Files.createSymbolicLink(root.resolve("sys/class/net/can0"), nic);
        assertThat(new NicReader(IpAddressSource.NONE).read(new MachineContext(root, new FakeCommandRunner())))
                .isEmpty();
    }

    @Test
    void theJdkSourceKnowsNothingOfUnknownNics() {
        assertThat(new JdkIpAddressSource().addressesOf("no-such-nic0")).isEqualTo(InterfaceAddresses.NONE);
        assertThat(new JdkIpAddressSource().addressesOf("lo").ipv4()).contains("127.0.0.1");
    }
}
