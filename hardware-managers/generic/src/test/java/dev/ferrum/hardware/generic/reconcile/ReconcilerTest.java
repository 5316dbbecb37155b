package dev.ferrum.hardware.generic.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.generic.Fixtures;
import dev.ferrum.hardware.generic.cpu.CpuFacts;
import dev.ferrum.hardware.generic.disk.BlockDeviceReader;
import dev.ferrum.hardware.generic.net.IpAddressSource;
import dev.ferrum.hardware.generic.net.InterfaceAddresses;
import dev.ferrum.hardware.generic.net.NicReader;
import dev.ferrum.hardware.generic.oshi.OshiDisk;
import dev.ferrum.hardware.generic.oshi.OshiNic;
import dev.ferrum.protocol.inventory.Cpu;
import dev.ferrum.protocol.inventory.Disk;
import dev.ferrum.protocol.inventory.Memory;
import dev.ferrum.protocol.inventory.NetworkInterface;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The per-field rules, on the server fixture's parsed facts against OSHI facts written for it. */
class ReconcilerTest {
    private final Disagreements disagreements = new Disagreements();
    private final Reconciler reconciler = new Reconciler(disagreements);
    private final List<Disk> serverDisks = BlockDeviceReader.read(Fixtures.machine("server"));
    private final List<NetworkInterface> serverNics = new NicReader(IpAddressSource.NONE).read(Fixtures.machine("server"));

    @Test
    void withoutOshiEverySectionIsWhatTheParsersRead() {
        Cpu parsed = new Cpu(Optional.of("Xeon"), Optional.of("3700.0000"), 8, Optional.of("x86_64"), List.of("fpu"),
                Optional.of(2));
        assertThat(reconciler.cpu(CpuFacts.NONE, parsed)).isEqualTo(parsed);
        assertThat(reconciler.memory(Optional.empty(), new Memory(1L << 30, Optional.of(1024L))))
                .isEqualTo(new Memory(1L << 30, Optional.of(1024L)));
        assertThat(reconciler.disks(Optional.empty(), serverDisks)).isEqualTo(serverDisks);
        assertThat(reconciler.nics(Optional.empty(), serverNics, name -> false)).isEqualTo(serverNics);
        assertThat(disagreements.loggedFacts()).isEmpty();
    }

    @Test
    void cpuCountsAndFlagsFromOshiNameAndFrequencyFromTheParsers() {
        Cpu parsed = new Cpu(Optional.of("Xeon"), Optional.of("3700.0000"), 8, Optional.of("x86_64"), List.of("fpu"),
                Optional.of(2));
        CpuFacts oshi = new CpuFacts(Optional.empty(), Optional.empty(), Optional.of(16), Optional.of("aarch64"),
                List.of("fpu", "sse"), Optional.of(2));
        assertThat(reconciler.cpu(oshi, parsed)).isEqualTo(new Cpu(Optional.of("Xeon"), Optional.of("3700.0000"), 16,
                Optional.of("x86_64"), List.of("fpu", "sse"), Optional.of(2)));
        assertThat(disagreements.loggedFacts()).containsExactlyInAnyOrder("cpu count", "cpu flags", "cpu architecture");
    }

    @Test
    void memoryTotalFromOshiInstalledFromDmi() {
        assertThat(reconciler.memory(Optional.of(2L << 30), new Memory(0, Optional.of(4096L))))
                .isEqualTo(new Memory(2L << 30, Optional.of(4096L)));
        assertThat(disagreements.loggedFacts()).isEmpty();
    }

    @Test
    void disksKeepSysfsModelAndSizeOshiSerialAndSysfsOnlyFacts() {
        Disk nvme = serverDisks.getFirst();
        List<OshiDisk> oshi = List.of(
                new OshiDisk(nvme.name(), nvme.model().map(m -> m.replace(' ', '_')), Optional.of("UDEV-SERIAL"),
                        nvme.size()),
                new OshiDisk("/dev/sr0", Optional.of("DVD"), Optional.empty(), 1024),
                new OshiDisk("/dev/dm-0", Optional.of("Logical Volume Group"), Optional.empty(), 4096));
        List<Disk> merged = reconciler.disks(Optional.of(oshi), serverDisks);

        assertThat(merged).extracting(Disk::name).containsExactlyElementsOf(serverDisks.stream().map(Disk::name).toList());
        Disk first = merged.getFirst();
        assertThat(first.serial()).contains("UDEV-SERIAL");
        assertThat(first.model()).isEqualTo(nvme.model());
        assertThat(first.wwn()).isEqualTo(nvme.wwn());
        assertThat(first.tran()).isEqualTo(nvme.tran());
        assertThat(first.byPath()).isEqualTo(nvme.byPath());
        // sda and sdb were not in OSHI's list: kept from sysfs, and said so once each.
        assertThat(merged.subList(1, merged.size())).isEqualTo(serverDisks.subList(1, serverDisks.size()));
        assertThat(disagreements.loggedFacts()).containsExactlyInAnyOrder(
                nvme.name() + " serial", "/dev/sda presence", "/dev/sdb presence");
    }

    @Test
    void aDiskOnlyOshiListsIsReportedWithItsFacts() {
        List<Disk> merged = reconciler.disks(Optional.of(List.of(
                new OshiDisk("/dev/vdz", Optional.of("QEMU"), Optional.of("S1"), 1L << 30))), List.of());
        assertThat(merged).singleElement().satisfies(d -> {
            assertThat(d.name()).isEqualTo("/dev/vdz");
            assertThat(d.size()).isEqualTo(1L << 30);
            assertThat(d.serial()).contains("S1");
        });
        assertThat(disagreements.loggedFacts()).containsExactly("/dev/vdz presence");
    }

    @Test
    void aNodeInADirectoryMatchesItsKernelName() {
        Disk array = Disk.of("/dev/cciss!c0d0", 1L << 30, true);
        List<Disk> merged = reconciler.disks(Optional.of(List.of(
                new OshiDisk("/dev/cciss/c0d0", Optional.empty(), Optional.of("S1"), 1L << 30))), List.of(array));
        assertThat(merged).singleElement().satisfies(d -> {
            assertThat(d.name()).isEqualTo("/dev/cciss!c0d0");
            assertThat(d.serial()).contains("S1");
        });
        assertThat(disagreements.loggedFacts()).isEmpty();
    }

    @Test
    void nicsArePhysicalOnesWithOshiAddressesAndSysfsMacAndPciFacts() {
        NetworkInterface port = serverNics.getFirst();
        List<OshiNic> oshi = List.of(
                new OshiNic(port.name(), "aa:bb:cc:dd:ee:ff",
                        new InterfaceAddresses(Optional.of("192.0.2.50"), Optional.of("2001:db8::50")),
                        Optional.of(10_000), true),
                new OshiNic("bond0", "aa:bb:cc:dd:ee:ff", InterfaceAddresses.NONE, Optional.empty(), true));
        List<NetworkInterface> merged = reconciler.nics(Optional.of(oshi), serverNics, name -> false);

        assertThat(merged).extracting(NetworkInterface::name)
                .containsExactlyElementsOf(serverNics.stream().map(NetworkInterface::name).toList());
        NetworkInterface first = merged.getFirst();
        assertThat(first.macAddress()).isEqualTo(port.macAddress());
        assertThat(first.ipv4Address()).contains("192.0.2.50");
        assertThat(first.ipv6Address()).contains("2001:db8::50");
        assertThat(first.pciAddress()).isEqualTo(port.pciAddress());
        assertThat(first.driver()).isEqualTo(port.driver());
        assertThat(disagreements.loggedFacts()).contains(port.name() + " mac_address");
    }

    @Test
    void aBondPortKeepsItsPermanentMacWithoutADisagreement() {
        var machine = Fixtures.machine("bonded");
        List<NetworkInterface> ports = new NicReader(IpAddressSource.NONE).read(machine);
        List<OshiNic> oshi = ports.stream().map(p -> new OshiNic(p.name(), "b8:59:9f:00:00:20", InterfaceAddresses.NONE,
                p.speedMbps(), p.hasCarrier())).toList();
        List<NetworkInterface> merged = reconciler.nics(Optional.of(oshi), ports, name -> NicReader.isBondPort(machine, name));
        assertThat(merged).extracting(NetworkInterface::macAddress).containsExactly("b8:59:9f:00:00:20", "b8:59:9f:00:00:21");
        assertThat(disagreements.loggedFacts()).isEmpty();
    }

    @Test
    void aDifferenceIsLoggedOncePerFact() {
        for (int i = 0; i < 3; i++) {
            disagreements.pick("cpu", "count", Optional.of(1), Optional.of(2), Disagreements.Precise.SYSFS);
        }
        assertThat(disagreements.loggedFacts()).containsExactly("cpu count");
        assertThat(disagreements.pick("cpu", "count", Optional.of(1), Optional.of(2), Disagreements.Precise.SYSFS))
                .contains(2);
        assertThat(disagreements.pick("cpu", "x", Optional.of(1), Optional.empty(), Disagreements.Precise.SYSFS))
                .contains(1);
    }
}
