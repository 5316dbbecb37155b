package dev.ferrum.agent.partition;

import static dev.ferrum.agent.partition.DiskImages.MIB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class GptTableTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(SectorSize.class)
    void readsBackWhatItWrote(SectorSize sectorSize) throws IOException {
        Path file = DiskImages.gptImageOnDisk(dir, sectorSize, 16, 16);
        DiskGeometry geometry = DiskImages.geometry(file, sectorSize);

        GptPartitionTable gpt;
        try (FileChannel ch = DiskImages.open(file)) {
            gpt = (GptPartitionTable) PartitionTableReader.read(ch, geometry);
        }

        assertThat(gpt.diskGuid()).isEqualTo(UUID.fromString("11111111-2222-3333-4444-555555555555"));
        assertThat(gpt.primaryStatus()).isEqualTo(GptCopyStatus.VALID);
        assertThat(gpt.backupStatus()).isEqualTo(GptCopyStatus.VALID);
        assertThat(gpt.backupAtEndOfDevice(geometry)).isTrue();
        assertThat(gpt.partitions()).isEqualTo(DiskImages.cloudImageLayout(sectorSize, 16).partitions());
        long arraySectors = 16384 / sectorSize.bytes();
        assertThat(gpt.header().firstUsableLba()).isEqualTo(2 + arraySectors);
        assertThat(gpt.header().lastUsableLba()).isEqualTo(geometry.lastLba() - arraySectors - 1);
        assertThat(gpt.partition(2).orElseThrow().partUuid()).isEqualTo("bbbbbbbb-0000-0000-0000-000000000002");
    }

    @Test
    void fourKibSectorsPutTheHeaderAtByte4096AndTheBackupInTheLast4KibSector() {
        Path file = DiskImages.gptImageOnDisk(dir, SectorSize.BYTES_4096, 16, 16);

        assertThat(new String(DiskImages.readBytes(file, 4096, 8))).isEqualTo("EFI PART");
        assertThat(new String(DiskImages.readBytes(file, 16 * MIB - 4096, 8))).isEqualTo("EFI PART");
        // GUIDs are stored mixed-endian: C12A7328-F81F-… begins 28 73 2A C1.
        assertThat(DiskImages.readBytes(file, 2 * 4096, 4)).containsExactly(0x28, 0x73, 0x2A, 0xC1);
        byte[] mbr = DiskImages.readBytes(file, 0, 512);
        assertThat(mbr[450] & 0xFF).as("protective entry type").isEqualTo(0xEE);
        assertThat(mbr[510] & 0xFF).isEqualTo(0x55);
        assertThat(mbr[511] & 0xFF).isEqualTo(0xAA);
    }

    @Test
    void damagedPrimaryHeaderIsReadFromTheBackup() throws IOException {
        Path file = DiskImages.gptImageOnDisk(dir, SectorSize.BYTES_512, 16, 16);
        DiskImages.writeBytes(file, 512 + 60, new byte[] {1, 2, 3}); // inside the disk GUID

        GptPartitionTable gpt = read(file, SectorSize.BYTES_512);

        assertThat(gpt.primaryStatus()).isEqualTo(GptCopyStatus.HEADER_CRC_MISMATCH);
        assertThat(gpt.backupStatus()).isEqualTo(GptCopyStatus.VALID);
        assertThat(gpt.header().myLba()).isEqualTo(16 * MIB / 512 - 1);
        assertThat(gpt.partitions()).hasSize(2);
        assertThat(gpt.layout().primaryEntriesLba()).isEqualTo(2);
    }

    @Test
    void damagedPrimaryEntryArrayIsDetectedByItsCrc() throws IOException {
        Path file = DiskImages.gptImageOnDisk(dir, SectorSize.BYTES_512, 16, 16);
        DiskImages.writeBytes(file, 2 * 512 + 128 + 56, "evil".getBytes()); // partition 2's name

        GptPartitionTable gpt = read(file, SectorSize.BYTES_512);

        assertThat(gpt.primaryStatus()).isEqualTo(GptCopyStatus.ENTRIES_CRC_MISMATCH);
        assertThat(gpt.partition(2).orElseThrow().name()).isEqualTo("root");
    }

    @Test
    void bothCopiesDamagedIsAnErrorThatNamesBoth() {
        Path file = DiskImages.gptImageOnDisk(dir, SectorSize.BYTES_512, 16, 16);
        DiskImages.writeBytes(file, 512 + 60, new byte[] {1});
        DiskImages.writeBytes(file, 16 * MIB - 512 + 60, new byte[] {1});

        assertThatThrownBy(() -> read(file, SectorSize.BYTES_512))
                .isInstanceOf(PartitionTableException.class)
                .hasMessageContaining("neither copy is usable")
                .hasMessageContaining("header CRC32 at LBA 1")
                .hasMessageContaining("header CRC32 at LBA 32767")
                .hasMessageContaining("write it again");
    }

    @Test
    void imageSmallerThanDiskHasItsBackupMidDisk() throws IOException {
        Path file = DiskImages.gptImageOnDisk(dir, SectorSize.BYTES_512, 16, 48);
        DiskGeometry geometry = DiskImages.geometry(file, SectorSize.BYTES_512);

        GptPartitionTable gpt = read(file, SectorSize.BYTES_512);

        assertThat(gpt.backupStatus()).isEqualTo(GptCopyStatus.VALID);
        assertThat(gpt.backupHeaderLba()).isEqualTo(16 * MIB / 512 - 1);
        assertThat(gpt.backupAtEndOfDevice(geometry)).isFalse();
    }

    @Test
    void damagedPrimaryOfASmallerImageFindsTheMidDiskBackupNotAStaleOneAtTheEnd() throws IOException {
        // The disk held another GPT before; its backup is still on the last sector.
        Path file = DiskImages.blank(dir, "disk.img", 48 * MIB);
        try (FileChannel ch = DiskImages.open(file)) {
            GptTableWriter.write(ch, DiskImages.geometry(file, SectorSize.BYTES_512),
                    GptLayout.standard(UUID.randomUUID(), SectorSize.BYTES_512, List.of()));
        }
        Path image = DiskImages.gptImageOnDisk(dir, SectorSize.BYTES_512, 16, 16);
        DiskImages.writeBytes(file, 0, DiskImages.readBytes(image, 0, (int) (16 * MIB)));
        DiskImages.writeBytes(file, 512 + 40, new byte[] {9}); // primary's first usable LBA

        GptPartitionTable gpt = read(file, SectorSize.BYTES_512);

        assertThat(gpt.primaryStatus()).isEqualTo(GptCopyStatus.HEADER_CRC_MISMATCH);
        assertThat(gpt.backupHeaderLba()).isEqualTo(16 * MIB / 512 - 1);
        assertThat(gpt.diskGuid()).isEqualTo(UUID.fromString("11111111-2222-3333-4444-555555555555"));
        assertThat(gpt.partitions()).hasSize(2);
    }

    @Test
    void imageForAnotherSectorSizeGetsAHint() {
        Path file = DiskImages.gptImageOnDisk(dir, SectorSize.BYTES_512, 16, 16);

        assertThatThrownBy(() -> read(file, SectorSize.BYTES_4096))
                .isInstanceOf(PartitionTableException.class)
                .hasMessageContaining("laid out for 512-byte sectors but the disk uses 4096-byte sectors");
    }

    @Test
    void imageLargerThanTheDiskIsRefusedWithAReason() throws IOException {
        Path file = DiskImages.gptImageOnDisk(dir, SectorSize.BYTES_512, 16, 16);
        try (FileChannel ch = DiskImages.open(file)) {
            ch.truncate(8 * MIB); // the disk was smaller than the image: the end is lost
        }
        assertThatThrownBy(() -> read(file, SectorSize.BYTES_512))
                .isInstanceOf(PartitionTableException.class)
                .hasMessageContaining("is the image larger than the disk?");
    }

    @Test
    void writerRefusesOverlappingPartitions() throws IOException {
        Path file = DiskImages.blank(dir, "overlap.img", 8 * MIB);
        GptLayout layout = GptLayout.standard(UUID.randomUUID(), SectorSize.BYTES_512, List.of(
                new GptPartition(1, PartitionTypes.LINUX_FILESYSTEM, UUID.randomUUID(), "", 2048, 4095, 0),
                new GptPartition(2, PartitionTypes.LINUX_FILESYSTEM, UUID.randomUUID(), "", 4000, 6000, 0)));
        try (FileChannel ch = DiskImages.open(file)) {
            assertThatThrownBy(() -> GptTableWriter.write(ch, DiskImages.geometry(file, SectorSize.BYTES_512), layout))
                    .isInstanceOf(PartitionTableException.class)
                    .hasMessageContaining("overlap");
        }
    }

    @Test
    void keepsBootCodeAndDiskSignatureOfTheProtectiveMbr() throws IOException {
        Path file = DiskImages.gptImageOnDisk(dir, SectorSize.BYTES_512, 16, 16);
        byte[] bootCode = "GRUB boot.img stand-in".getBytes();
        DiskImages.writeBytes(file, 0, bootCode);
        try (FileChannel ch = DiskImages.open(file)) {
            GptTableWriter.write(ch, DiskImages.geometry(file, SectorSize.BYTES_512), read(file, SectorSize.BYTES_512).layout());
        }
        assertThat(DiskImages.readBytes(file, 0, bootCode.length)).isEqualTo(bootCode);
    }

    private GptPartitionTable read(Path file, SectorSize sectorSize) throws IOException {
        try (FileChannel ch = DiskImages.open(file)) {
            return (GptPartitionTable) PartitionTableReader.read(ch, DiskImages.geometry(file, sectorSize));
        }
    }
}
