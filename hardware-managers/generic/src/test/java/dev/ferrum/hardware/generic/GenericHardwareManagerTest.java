package dev.ferrum.hardware.generic;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.hardware.generic.cpu.CpuProbe;
import dev.ferrum.hardware.generic.memory.MemoryProbe;
import dev.ferrum.hardware.generic.net.FakeIpAddressSource;
import dev.ferrum.hardware.generic.net.InterfaceAddresses;
import dev.ferrum.hardware.registry.CollectedInventory;
import dev.ferrum.hardware.registry.HardwareManagerDiscovery;
import dev.ferrum.hardware.registry.HardwareManagerRegistry;
import dev.ferrum.hardware.registry.RootDeviceHintsJson;
import dev.ferrum.hardware.spi.Answer;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.RootDeviceHints;
import dev.ferrum.hardware.spi.SupportLevel;
import dev.ferrum.protocol.inventory.Boot;
import dev.ferrum.protocol.inventory.BootMode;
import dev.ferrum.protocol.inventory.Cpu;
import dev.ferrum.protocol.inventory.Disk;
import dev.ferrum.protocol.inventory.Firmware;
import dev.ferrum.protocol.inventory.Inventory;
import dev.ferrum.protocol.inventory.Memory;
import dev.ferrum.protocol.inventory.NetworkInterface;
import dev.ferrum.protocol.inventory.SystemVendor;
import dev.ferrum.protocol.json.WireJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GenericHardwareManagerTest {
    /** The parsers answer everything on the fixtures, so a probe being asked is a bug. */
    private static final CpuProbe UNASKED_CPU = known -> {
        throw new AssertionError("the CPU probe was asked although the files answered: " + known);
    };
    private static final MemoryProbe UNASKED_MEMORY = () -> {
        throw new AssertionError("the memory probe was asked although /proc/meminfo answered");
    };
    private static final FakeIpAddressSource SERVER_ADDRESSES = new FakeIpAddressSource(Map.of(
            "ens1f0", new InterfaceAddresses(Optional.of("192.0.2.50"), Optional.of("2001:db8:2::50"))));

    private static GenericHardwareManager manager(FakeIpAddressSource addresses) {
        return new GenericHardwareManager(machine -> new Probes(UNASKED_CPU, UNASKED_MEMORY, addresses));
    }

    private static CollectedInventory collect(GenericHardwareManager manager, MachineContext machine) {
        var discovered = new HardwareManagerDiscovery.Discovered(List.of(manager), List.of());
        return HardwareManagerRegistry.select(discovered, machine).collectInventory();
    }

    private static Optional<String> some(String value) {
        return Optional.of(value);
    }

    @Test
    void readsTheWholeServerInventory() {
        FakeCommandRunner ipmitool = new FakeCommandRunner()
                .answer(List.of("ipmitool", "lan", "print", "1"), Fixtures.text("ipmitool/lan-print-configured.txt"))
                .answer(List.of("ipmitool", "lan6", "print", "1"), Fixtures.text("ipmitool/lan6-print-slaac.txt"));
        CollectedInventory collected = collect(manager(SERVER_ADDRESSES), Fixtures.machine("server", ipmitool));

        assertThat(collected.failures()).isEmpty();
        assertThat(collected.contributors()).containsOnlyKeys("cpu", "memory", "disks", "interfaces", "system_vendor",
                "boot", "hostname", "bmc").allSatisfy((section, manager) -> assertThat(manager).isEqualTo("generic"));
        Inventory inventory = collected.inventory();

        Cpu cpu = inventory.cpu();
        assertThat(cpu.modelName()).contains("Intel(R) Xeon(R) Gold 6130 CPU @ 2.10GHz");
        assertThat(cpu.frequency()).contains("3700.0000");
        assertThat(cpu.count()).isEqualTo(8);
        assertThat(cpu.architecture()).contains("x86_64");
        assertThat(cpu.socketCount()).contains(2);
        assertThat(cpu.flags()).hasSize(135).startsWith("fpu", "vme").contains("lm", "avx512f").endsWith("arch_capabilities");

        assertThat(inventory.memory()).isEqualTo(new Memory(49_229_648L * 1024, Optional.of(49_152L)));

        assertThat(inventory.disks()).containsExactly(
                new Disk("/dev/nvme0n1", some("SAMSUNG MZQL2960HCJR-00A07"), 1_875_385_008L * 512, false,
                        some("eui.0025388b91b1234e"), some("S64FNE0R123456"), Optional.empty(), Optional.empty(),
                        Optional.empty(), Optional.empty(), some("/dev/disk/by-path/pci-0000:3d:00.0-nvme-1"),
                        Optional.of(512), Optional.of(512), some("nvme")),
                new Disk("/dev/sda", some("SAMSUNG MZ7LH480"), 937_703_088L * 512, false,
                        some("0x5002538e40a1b2c3"), some("S45PNA0M812345"), some("ATA"), some("0x5002538e40a1b2c3"),
                        Optional.empty(), some("0:0:0:0"), some("/dev/disk/by-path/pci-0000:00:17.0-ata-1"),
                        Optional.of(512), Optional.of(4096), some("sata")),
                new Disk("/dev/sdb", some("ST2000NM0045"), 3_907_029_168L * 512, true,
                        some("0x5000c500a1b2c3d4"), some("ZC20AB12"), some("SEAGATE"), some("0x5000c500a1b2c3d4"),
                        Optional.empty(), some("2:0:0:0"),
                        some("/dev/disk/by-path/pci-0000:3b:00.0-sas-exp0x500056b3a1b2c3ff-phy0-lun-0"),
                        Optional.of(512), Optional.of(4096), some("sas")));

        assertThat(inventory.interfaces()).containsExactly(
                new NetworkInterface("ens1f0", "3c:ec:ef:12:34:56", some("192.0.2.50"), some("2001:db8:2::50"), true,
                        Optional.empty(), some("0x8086"), some("0x1572"), Optional.empty(), Optional.empty(),
                        Optional.of(10_000), some("0000:5e:00.0"), some("i40e")),
                new NetworkInterface("ens1f1", "3c:ec:ef:12:34:57", Optional.empty(), Optional.empty(), false,
                        Optional.empty(), some("0x8086"), some("0x1572"), Optional.empty(), Optional.empty(),
                        Optional.empty(), some("0000:5e:00.1"), some("i40e")));

        assertThat(inventory.bmcAddress()).contains("192.0.2.117");
        assertThat(inventory.bmcV6address()).contains("2001:db8:1::d294:66ff:fe1a:2b3c");
        assertThat(inventory.bmcMac()).contains("d0:94:66:1a:2b:3c");
        assertThat(inventory.systemVendor()).isEqualTo(new SystemVendor("PowerEdge R640", "7XK9Q23", "Dell Inc.",
                Optional.of(new Firmware("Dell Inc.", "2.17.1", "11/15/2022"))));
        assertThat(inventory.boot()).isEqualTo(new Boot(BootMode.UEFI, some("3c:ec:ef:12:34:56")));
        assertThat(inventory.hostname()).contains("node-17.rack3.example.net");
        assertThat(inventory.extra()).isEmpty();
    }

    @Test
    void readsTheVmLikeIpaDid() {
        // Compare with shared/wire-samples/ipa-inventory.json, captured by IPA on this kind of VM.
        Inventory inventory = collect(manager(new FakeIpAddressSource(Map.of("eth0",
                new InterfaceAddresses(some("192.0.2.2"), some("fd00::2"))))), Fixtures.machine("vm")).inventory();

        assertThat(inventory.cpu().modelName()).contains("AMD EPYC");
        assertThat(inventory.cpu().frequency()).contains("2596.1320");
        assertThat(inventory.cpu().count()).isEqualTo(2);
        assertThat(inventory.cpu().architecture()).contains("x86_64");
        assertThat(inventory.cpu().socketCount()).contains(1);
        assertThat(inventory.memory()).isEqualTo(new Memory(24_684_096L * 1024, Optional.of(24_576L)));
        assertThat(inventory.disks()).containsExactly(new Disk("/dev/vda", Optional.empty(), 274_877_906_944L, true,
                Optional.empty(), some("overlayblk"), some("0x1af4"), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.of(512), Optional.of(4096), some("virtio")));
        assertThat(inventory.interfaces()).containsExactly(new NetworkInterface("eth0", "02:fc:00:00:00:01",
                some("192.0.2.2"), some("fd00::2"), true, Optional.empty(), some("0x1af4"), some("0x0001"),
                Optional.empty(), Optional.empty(), Optional.empty(), some("0000:00:03.0"), some("virtio_net")));
        assertThat(inventory.bmcAddress()).isEmpty();
        assertThat(inventory.systemVendor()).isEqualTo(SystemVendor.UNKNOWN);
        assertThat(inventory.boot()).isEqualTo(Boot.UNKNOWN);
        assertThat(inventory.hostname()).contains("vm");
    }

    @Test
    void theInventoryKeepsIpasWireShape() {
        Inventory inventory = collect(manager(new FakeIpAddressSource(Map.of())), Fixtures.machine("vm")).inventory();
        JsonNode json = WireJson.newMapper().valueToTree(inventory);
        assertThat(json.path("memory").path("physical_mb").asLong()).isEqualTo(24_576);
        assertThat(json.path("disks").get(0).path("name").asText()).isEqualTo("/dev/vda");
        assertThat(json.path("disks").get(0).has("wwn_with_extension")).isTrue();
        assertThat(json.path("interfaces").get(0).path("mac_address").asText()).isEqualTo("02:fc:00:00:00:01");
        assertThat(json.path("boot").path("current_boot_mode").asText()).isEqualTo("bios");
        assertThat(json.path("bmc_address").isNull()).isTrue();
    }

    @Test
    void supportsAnyTreeWithSysAndProc(@TempDir Path empty) throws Exception {
        GenericHardwareManager manager = new GenericHardwareManager();
        assertThat(manager.name()).isEqualTo("generic");
        assertThat(manager.evaluateSupport(Fixtures.machine("server"))).isEqualTo(SupportLevel.GENERIC);
        assertThat(manager.evaluateSupport(new MachineContext(empty, new FakeCommandRunner())))
                .isEqualTo(SupportLevel.NONE);
        Files.createDirectory(empty.resolve("sys"));
        assertThat(manager.evaluateSupport(new MachineContext(empty, new FakeCommandRunner())))
                .isEqualTo(SupportLevel.NONE);
        Files.createDirectory(empty.resolve("proc"));
        assertThat(manager.evaluateSupport(new MachineContext(empty, new FakeCommandRunner())))
                .isEqualTo(SupportLevel.GENERIC);
    }

    @Test
    void aBareTreeGivesAnEmptyButValidInventory(@TempDir Path root) throws Exception {
        Files.createDirectories(root.resolve("sys"));
        Files.createDirectories(root.resolve("proc"));
        CollectedInventory collected = collect(new GenericHardwareManager(), new MachineContext(root, new FakeCommandRunner()));
        assertThat(collected.failures()).isEmpty();
        assertThat(collected.inventory().cpu()).isEqualTo(Cpu.UNKNOWN);
        assertThat(collected.inventory().memory()).isEqualTo(Memory.UNKNOWN);
        assertThat(collected.inventory().disks()).isEmpty();
        assertThat(collected.inventory().interfaces()).isEmpty();
        assertThat(collected.inventory().hostname()).isEmpty();
    }

    @Test
    void aFailingSectionCostsOnlyItself(@TempDir Path root) throws Exception {
        Files.createDirectories(root.resolve("sys"));
        Files.createDirectories(root.resolve("proc"));
        Files.writeString(root.resolve("proc/meminfo"), "MemTotal: 1048576 kB\n");
        CpuProbe broken = known -> {
            throw new IllegalStateException("probe exploded");
        };
        // Without cpuinfo the CPU section must ask the probe, which fails.
        CollectedInventory collected = collect(
                new GenericHardwareManager(m -> new Probes(broken, MemoryProbe.NONE, new FakeIpAddressSource(Map.of()))),
                new MachineContext(root, new FakeCommandRunner()));
        assertThat(collected.failures()).singleElement()
                .satisfies(f -> assertThat(f.problem()).contains("could not read cpu").contains("probe exploded"));
        assertThat(collected.contributors()).containsKeys("memory", "disks", "interfaces", "boot")
                .doesNotContainKey("cpu");
        assertThat(collected.inventory().memory().total()).isEqualTo(1L << 30);
    }

    @Test
    void choosesTheRootDisk() {
        GenericHardwareManager manager = new GenericHardwareManager();
        List<Disk> disks = collect(manager(SERVER_ADDRESSES), Fixtures.machine("server")).inventory().disks();
        assertThat(manager.selectRootDevice(disks, RootDeviceHints.NONE))
                .isEqualTo(Answer.of(disks.get(1)));
        assertThat(manager.selectRootDevice(disks, RootDeviceHintsJson.fromJson(
                WireJson.newMapper().createObjectNode().put("tran", "nvme"))))
                .isEqualTo(Answer.of(disks.get(0)));
    }

    @Test
    void probesAreRequired() {
        assertThatThrownBy(() -> new Probes(null, MemoryProbe.NONE, new FakeIpAddressSource(Map.of())))
                .isInstanceOf(NullPointerException.class);
    }
}
