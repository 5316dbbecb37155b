package dev.ferrum.hardware.generic.disk;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.generic.Fixtures;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.inventory.Disk;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BlockDeviceReaderTest {

    @Test
    void listsOnlyRealNonEmptyDisks() {
        assertThat(BlockDeviceReader.read(Fixtures.machine("server"))).extracting(Disk::name)
                .containsExactly("/dev/nvme0n1", "/dev/sda", "/dev/sdb");
        assertThat(BlockDeviceReader.read(Fixtures.machine("vm"))).extracting(Disk::name).containsExactly("/dev/vda");
    }

    @Test
    void readsAnNvmeDiskThroughItsController() {
        Disk nvme = BlockDeviceReader.read(Fixtures.machine("server")).getFirst();
        assertThat(nvme.model()).contains("SAMSUNG MZQL2960HCJR-00A07");
        assertThat(nvme.serial()).contains("S64FNE0R123456");
        assertThat(nvme.wwn()).contains("eui.0025388b91b1234e");
        assertThat(nvme.vendor()).isEmpty();
        assertThat(nvme.hctl()).as("NVMe has no SCSI address").isEmpty();
        assertThat(nvme.tran()).contains("nvme");
    }

    @Test
    void byPathPrefersTheFirstLinkByName() {
        Disk sda = BlockDeviceReader.read(Fixtures.machine("server")).get(1);
        assertThat(sda.byPath()).contains("/dev/disk/by-path/pci-0000:00:17.0-ata-1");
        assertThat(ByPathIndex.scan(Fixtures.machine("server")).linkFor("/dev/sda1"))
                .contains("/dev/disk/by-path/pci-0000:00:17.0-ata-1-part1");
        assertThat(ByPathIndex.scan(Fixtures.machine("vm")).linkFor("/dev/vda")).isEmpty();
    }

    @Test
    void absoluteByPathLinksAreReRooted(@TempDir Path root) throws Exception {
        Files.createDirectories(root.resolve("dev/disk/by-path"));
        Files.createSymbolicLink(root.resolve("dev/disk/by-path/pci-0000:00:05.0"), Path.of("/dev/vdb"));
        Files.createSymbolicLink(root.resolve("dev/disk/by-path/escapes"), Path.of("../../../../etc/passwd"));
        ByPathIndex index = ByPathIndex.scan(new MachineContext(root, new FakeCommandRunner()));
        assertThat(index.linkFor("/dev/vdb")).contains("/dev/disk/by-path/pci-0000:00:05.0");
    }

    @Test
    void missingAttributesAreAbsentNotErrors(@TempDir Path root) throws Exception {
        Path disk = root.resolve("sys/devices/vbd-51712/block/xvda");
        Files.createDirectories(disk);
        Files.writeString(disk.resolve("size"), "41943040\n");
        Files.createDirectories(root.resolve("sys/block"));
        Files.createSymbolicLink(root.resolve("sys/block/xvda"), Path.of("../devices/vbd-51712/block/xvda"));
        Path broken = root.resolve("sys/devices/virtual/block/sdz");
        Files.createDirectories(broken);
        Files.writeString(broken.resolve("size"), "garbage\n");
        Files.createSymbolicLink(root.resolve("sys/block/sdz"), Path.of("../devices/virtual/block/sdz"));

        assertThat(BlockDeviceReader.read(new MachineContext(root, new FakeCommandRunner()))).containsExactly(
                Disk.of("/dev/xvda", 41_943_040L * 512, false));
    }

    @Test
    void noSysBlockMeansNoDisks(@TempDir Path root) {
        assertThat(BlockDeviceReader.read(new MachineContext(root, new FakeCommandRunner()))).isEqualTo(List.of());
    }

    @Test
    void serialFallsBackToTheWwid(@TempDir Path root) throws Exception {
        Path scsi = root.resolve("sys/devices/platform/host0/target0:0:0/0:0:0:0");
        Path disk = scsi.resolve("block/sda");
        Files.createDirectories(disk);
        Files.writeString(disk.resolve("size"), "2048\n");
        Files.writeString(scsi.resolve("wwid"), "t10.QEMU    QEMU HARDDISK   drive-scsi0\n");
        Files.createSymbolicLink(disk.resolve("device"), Path.of("../../../0:0:0:0"));
        Files.createDirectories(root.resolve("sys/block"));
        Files.createSymbolicLink(root.resolve("sys/block/sda"), disk);
        Disk sda = BlockDeviceReader.read(new MachineContext(root, new FakeCommandRunner())).getFirst();
        assertThat(sda.serial()).contains("t10.QEMU    QEMU HARDDISK   drive-scsi0");
        assertThat(sda.wwn()).isEmpty();
        assertThat(sda.hctl()).contains("0:0:0:0");
        assertThat(sda.size()).isEqualTo(1L << 20);
        assertThat(sda.logicalSectors()).isEqualTo(Optional.empty());
    }
}
