package dev.ferrum.agent.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ferrum.hardware.spi.CommandResult;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ironic-lib's partition layout rules, the table as written, and what sgdisk/sfdisk say of it. */
class PartitionPlanTest {
    private static final DiskGeometry TEN_GIB = new DiskGeometry(10L << 30, SectorSize.BYTES_512);

    @TempDir
    Path dir;

    private static PartitionRequest request(boolean uefi, Optional<String> label, long root, long swap, long eph,
            long reserve) {
        return new PartitionRequest(uefi, label, true, root, swap, eph, reserve);
    }

    @Test
    void uefiDefaultsToGptAndBiosToMsdosUnlessTheLabelSays() {
        assertThat(request(true, Optional.empty(), 0, 0, 0, 0).gpt()).isTrue();
        assertThat(request(false, Optional.empty(), 0, 0, 0, 0).gpt()).isFalse();
        assertThat(request(false, Optional.of("GPT"), 0, 0, 0, 0).gpt()).isTrue();
        assertThat(request(true, Optional.of("msdos"), 0, 0, 0, 0).gpt()).isFalse();
        assertThatThrownBy(() -> request(true, Optional.of("sun"), 0, 0, 0, 0))
                .hasMessageContaining("use gpt or msdos");
    }

    @Test
    void rootTakesTheRestButLeavesTheConfigDriveReserveAndTheBackupGpt() {
        PartitionPlan plan = PartitionPlan.of(request(true, Optional.empty(), 0, 0, 0, 64), TEN_GIB);

        assertThat(plan.partitions()).extracting(PlannedPartition::role)
                .containsExactly(PartitionRole.EFI_SYSTEM, PartitionRole.ROOT);
        long lastLba = TEN_GIB.lastLba();
        assertThat(plan.root().lastLba()).isEqualTo(lastLba - 2048 - 64 * 2048);
        assertThat(plan.root().firstLba()).isEqualTo(2048 + 550 * 2048);
    }

    @Test
    void netbootNeedsNoBootPartition() {
        PartitionPlan plan = PartitionPlan.of(new PartitionRequest(true, Optional.empty(), false, 1024, 0, 0, 0),
                TEN_GIB);
        assertThat(plan.partitions()).extracting(PlannedPartition::role).containsExactly(PartitionRole.ROOT);
    }

    @Test
    void msdosRefusesAFifthPartitionAndSaysToUseGpt() {
        assertThatThrownBy(() -> PartitionPlan.of(request(true, Optional.of("msdos"), 1024, 64, 64, 64), TEN_GIB))
                .isInstanceOf(PartitionTableException.class)
                .hasMessageContaining("needs 5").hasMessageContaining("disk_label:gpt");
    }

    @Test
    void aRootLargerThanTheDiskIsRefused() {
        assertThatThrownBy(() -> PartitionPlan.of(request(false, Optional.empty(), 11 * 1024, 0, 0, 0), TEN_GIB))
                .hasMessageContaining("choose a larger root device");
    }

    @Test
    void filesystemUuidsOfExtAndXfsAndNoneForOthers() {
        ByteBuffer ext = ByteBuffer.allocate(FilesystemUuid.HEAD_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        ext.putShort(1024 + 0x38, (short) 0xEF53);
        ext.put(1024 + 0x68, (byte) 0xAB);
        assertThat(FilesystemUuid.of(ext)).contains("ab000000-0000-0000-0000-000000000000");
        ByteBuffer xfs = ByteBuffer.allocate(FilesystemUuid.HEAD_BYTES);
        xfs.put(0, "XFSB".getBytes()).put(47, (byte) 0x01);
        assertThat(FilesystemUuid.of(xfs)).contains("00000000-0000-0000-0000-000000000001");
        assertThat(FilesystemUuid.of(ByteBuffer.allocate(FilesystemUuid.HEAD_BYTES))).isEmpty();
    }

    private static java.util.function.Supplier<UUID> counting() {
        AtomicInteger n = new AtomicInteger();
        return () -> new UUID(0x1111L, n.incrementAndGet());
    }

    @Test
    void sgdiskVerifiesTheGptWeWrite() throws Exception {
        ToolRunner tools = new ToolRunner(dir);
        assumeTrue(tools.isAvailable("sgdisk"), "sgdisk (package gdisk) is not installed: skipped");
        Path image = DiskImages.blank(dir, "gpt.img", 2L << 30);
        DiskGeometry geometry = DiskImages.geometry(image, SectorSize.BYTES_512);
        PartitionPlan plan = PartitionPlan.of(request(true, Optional.empty(), 512, 128, 256, 64), geometry);
        try (FileChannel channel = DiskImages.open(image)) {
            new DiskPartitioner(counting()).write(channel, geometry, plan, "/dev/sda");
        }

        CommandResult verify = tools.run(List.of("sgdisk", "-v", image.toString()), Duration.ofSeconds(60));
        CommandResult print = tools.run(List.of("sgdisk", "-p", image.toString()), Duration.ofSeconds(60));

        assertThat(verify.stdout()).contains("No problems found");
        assertThat(print.stdout()).contains("EF00").contains("8200").contains("efi-part").contains("root");
    }

    @Test
    void sfdiskReadsTheDosTableWeWrite() throws Exception {
        ToolRunner tools = new ToolRunner(dir);
        assumeTrue(tools.isAvailable("sfdisk"), "sfdisk (package fdisk) is not installed: skipped");
        Path image = DiskImages.blank(dir, "mbr.img", 1L << 30);
        DiskGeometry geometry = DiskImages.geometry(image, SectorSize.BYTES_512);
        PartitionPlan plan = PartitionPlan.of(request(false, Optional.empty(), 0, 128, 0, 0), geometry);
        try (FileChannel channel = DiskImages.open(image)) {
            new DiskPartitioner(counting()).write(channel, geometry, plan, "/dev/sda");
        }

        CommandResult dump = tools.run(List.of("sfdisk", "--dump", image.toString()), Duration.ofSeconds(60));

        assertThat(dump.stdout()).contains("label: dos").contains("start=        2048, size=      262144, type=82")
                .containsPattern("start=\\s+264192, size=\\s+\\d+, type=83, bootable");
    }
}
