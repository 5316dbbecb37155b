package dev.ferrum.hardware.generic.erase;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.protocol.inventory.Disk;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SafetyGateTest {
    private static final long MIB = 1 << 20;

    @TempDir
    Path temp;
    private FixtureMachine machine;
    private SafetyGate gate;

    @BeforeEach
    void setUp() {
        machine = new FixtureMachine(temp.resolve("root"));
        gate = new SafetyGate(machine.context(new FakeCommandRunner()));
    }

    @Test
    void clearsAnIdleDiskAndDescribesIt() {
        Path file = machine.disk("sda", 8 * MIB);
        machine.partition("sda", "sda1", MIB, 4 * MIB);

        GateDecision decision = gate.check(FixtureMachine.diskRecord("sda", 8 * MIB), SkipList.EMPTY);

        assertThat(decision).isInstanceOfSatisfying(GateDecision.Cleared.class, c -> {
            assertThat(c.target().devicePath()).isEqualTo(realPath(file));
            assertThat(c.target().kernelName()).isEqualTo("sda");
            assertThat(c.target().sysfsBytes()).isEqualTo(8 * MIB);
            assertThat(c.target().partitions()).containsExactly(new Partition("sda1", MIB, 4 * MIB));
        });
    }

    @Test
    void refusesReadOnlyDiskAndDiskWithReadOnlyPartition() {
        machine.disk("sda", 4 * MIB);
        machine.readOnly("sda");
        machine.disk("sdb", 4 * MIB);
        machine.partition("sdb", "sdb1", MIB, MIB);
        machine.readOnly("sdb/sdb1");

        assertRefused(FixtureMachine.diskRecord("sda", 4 * MIB), SkipList.EMPTY, RefusalReason.READ_ONLY, "sda read-only");
        assertRefused(FixtureMachine.diskRecord("sdb", 4 * MIB), SkipList.EMPTY, RefusalReason.READ_ONLY, "sdb1");
    }

    @Test
    void refusesSkipListedDisksByNameSerialAndRaidVolume() throws IOException {
        machine.disk("sda", 4 * MIB);
        machine.disk("sdb", 4 * MIB);
        machine.disk("sdc", 4 * MIB);
        machine.holder("sdc", "md127");
        Files.createFile(machine.root().resolve("dev/md127"));
        machine.link("md/data", "../md127");
        Disk serialDisk = new Disk("/dev/sdb", Optional.empty(), 4 * MIB, false, Optional.empty(),
                Optional.of("S1234"), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
        SkipList skip = SkipList.fromJson(new ObjectMapper().readTree(
                "[{\"name\": \"sda\"}, {\"serial\": \"s1234\"}, {\"volume_name\": \"data\"}]"));

        assertRefused(FixtureMachine.diskRecord("sda", 4 * MIB), skip, RefusalReason.SKIP_LISTED, "name: \"s== /dev/sda\"");
        assertRefused(serialDisk, skip, RefusalReason.SKIP_LISTED, "serial: \"s== s1234\"");
        assertRefused(FixtureMachine.diskRecord("sdc", 4 * MIB), skip, RefusalReason.SKIP_LISTED, "volume_name: \"data\"");
        assertThat(gate.check(FixtureMachine.diskRecord("sdb", 4 * MIB), skip)).isInstanceOf(GateDecision.Cleared.class);
    }

    @Test
    void refusesMountedPartitionSwapAndHolderOfMountedVolume() throws IOException {
        machine.disk("sda", 8 * MIB);
        machine.partition("sda", "sda1", MIB, MIB);
        machine.mount("/dev/sda1", "/boot");
        machine.disk("sdb", 8 * MIB);
        machine.partition("sdb", "sdb2", MIB, MIB);
        machine.holder("sdb/sdb2", "dm-0");
        Files.createFile(machine.root().resolve("dev/dm-0"));
        machine.link("mapper/vg-root", "../dm-0");
        machine.mount("/dev/mapper/vg-root", "/target");
        machine.disk("sdc", 8 * MIB);
        machine.swap("/dev/sdc");

        assertRefused(FixtureMachine.diskRecord("sda", 8 * MIB), SkipList.EMPTY, RefusalReason.IN_USE,
                "sda1 is mounted at /boot");
        assertRefused(FixtureMachine.diskRecord("sdb", 8 * MIB), SkipList.EMPTY, RefusalReason.IN_USE,
                "dm-0 (built on sdb2) is mounted at /target");
        assertRefused(FixtureMachine.diskRecord("sdc", 8 * MIB), SkipList.EMPTY, RefusalReason.IN_USE, "swap");
    }

    @Test
    void refusesMembersOfARunningSoftwareRaidArrayAsIpaSkipsThem() {
        machine.disk("vda", 8 * MIB);
        machine.partition("vda", "vda1", MIB, 4 * MIB);
        machine.holder("vda/vda1", "md0");
        machine.disk("vdb", 8 * MIB);
        machine.holder("vdb", "md1");
        machine.disk("vdc", 8 * MIB);
        machine.partition("vdc", "vdc1", MIB, 4 * MIB);
        machine.holder("vdc/vdc1", "dm-0");

        assertRefused(FixtureMachine.diskRecord("vda", 8 * MIB), SkipList.EMPTY, RefusalReason.RAID_MEMBER,
                "vda1 is a member of software RAID /dev/md0; run raid.delete_configuration");
        assertRefused(FixtureMachine.diskRecord("vdb", 8 * MIB), SkipList.EMPTY, RefusalReason.RAID_MEMBER,
                "vdb is a member of software RAID /dev/md1");
        assertThat(gate.check(FixtureMachine.diskRecord("vdc", 8 * MIB), SkipList.EMPTY))
                .as("a device-mapper holder that is not mounted does not keep the disk").isInstanceOf(GateDecision.Cleared.class);
    }

    @Test
    void refusesPathsOutsideTheDeviceRoot() throws IOException {
        machine.disk("sda", 4 * MIB);
        Path outside = Files.writeString(temp.resolve("precious"), "keep me");
        machine.link("evil", outside.toString());

        assertRefused(Disk.of("/dev/../../precious", MIB, false), SkipList.EMPTY, RefusalReason.OUTSIDE_DEVICE_ROOT, "outside");
        assertRefused(Disk.of(temp.resolve("precious").toString(), MIB, false), SkipList.EMPTY,
                RefusalReason.OUTSIDE_DEVICE_ROOT, "not a path under /dev");
        assertRefused(Disk.of("/dev/evil", MIB, false), SkipList.EMPTY, RefusalReason.OUTSIDE_DEVICE_ROOT, "links to");
        assertThat(Files.readString(outside)).isEqualTo("keep me");
    }

    @Test
    void refusesMissingUnknownPartitionAndVirtualDevices() throws IOException {
        Files.createFile(machine.root().resolve("dev/mystery"));
        machine.disk("sda", 4 * MIB);
        machine.partition("sda", "sda1", MIB, MIB);
        Files.createFile(machine.root().resolve("dev/sda1"));
        machine.disk("loop0", 4 * MIB);
        machine.disk("vdz", 4 * MIB);
        Path virtualDir = machine.root().resolve("sys/devices/virtual/block/vdz");
        Files.createDirectories(virtualDir.getParent());
        Files.move(machine.root().resolve("sys/block/vdz"), virtualDir);
        Files.createSymbolicLink(machine.root().resolve("sys/block/vdz"), virtualDir);
        machine.disk("sdv", 4 * MIB);
        machine.link("disk/by-label/ir-vfd-dev", "../../sdv");

        assertRefused(Disk.of("/dev/nothere", MIB, false), SkipList.EMPTY, RefusalReason.MISSING, "no device node");
        assertRefused(Disk.of("/dev/mystery", MIB, false), SkipList.EMPTY, RefusalReason.UNKNOWN_DEVICE, "sysfs");
        assertRefused(Disk.of("/dev/sda1", MIB, false), SkipList.EMPTY, RefusalReason.UNKNOWN_DEVICE, "partition");
        assertRefused(Disk.of("/dev/loop0", MIB, false), SkipList.EMPTY, RefusalReason.VIRTUAL_DEVICE, "loop");
        assertRefused(Disk.of("/dev/vdz", MIB, false), SkipList.EMPTY, RefusalReason.VIRTUAL_DEVICE, "devices/virtual");
        assertRefused(Disk.of("/dev/sdv", MIB, false), SkipList.EMPTY, RefusalReason.VIRTUAL_DEVICE, "virtual media");
    }

    @Test
    void unreadableMountTableRefusesRatherThanGuesses() throws IOException {
        machine.disk("sda", 4 * MIB);
        Files.delete(machine.root().resolve("proc/mounts"));

        assertRefused(FixtureMachine.diskRecord("sda", 4 * MIB), SkipList.EMPTY, RefusalReason.IN_USE,
                "cannot read the mount table");
    }

    @Test
    void byIdLinkResolvesToTheKernelName() {
        machine.disk("sda", 4 * MIB);
        machine.link("disk/by-id/wwn-0x5000", "../../sda");

        GateDecision decision = gate.check(Disk.of("/dev/disk/by-id/wwn-0x5000", 4 * MIB, false), SkipList.EMPTY);

        assertThat(decision).isInstanceOfSatisfying(GateDecision.Cleared.class,
                c -> assertThat(c.target().kernelName()).isEqualTo("sda"));
    }

    private void assertRefused(Disk disk, SkipList skip, RefusalReason reason, String evidence) {
        GateDecision decision = gate.check(disk, skip);
        assertThat(decision).as(disk.name()).isInstanceOfSatisfying(GateDecision.Refused.class, r -> {
            assertThat(r.refusal().reason()).isEqualTo(reason);
            assertThat(r.refusal().detail()).contains(evidence);
        });
    }

    private static Path realPath(Path file) {
        try {
            return file.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
