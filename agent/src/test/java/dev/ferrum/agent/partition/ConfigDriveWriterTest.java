package dev.ferrum.agent.partition;

import static dev.ferrum.agent.partition.DiskImages.MIB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ConfigDriveWriterTest {

    private static final UUID NEW_GUID = UUID.fromString("cccccccc-dddd-4eee-8fff-000000000003");

    @TempDir
    Path dir;

    private final ConfigDriveWriter writer = new ConfigDriveWriter(() -> NEW_GUID);

    @ParameterizedTest
    @EnumSource(SectorSize.class)
    void gptImageSmallerThanDiskGetsItsBackupMovedAndTheDriveAtTheEnd(SectorSize sectorSize) throws IOException {
        Path file = DiskImages.gptImageOnDisk(dir, sectorSize, 16, 64);
        DiskGeometry geometry = DiskImages.geometry(file, sectorSize);
        byte[] drive = DiskImages.configDrive(300_000, 1);

        ConfigDrivePartition written = write(file, geometry, new ConfigDriveSource.Inline(DiskImages.base64Gzip(drive)));

        GptPartitionTable gpt = (GptPartitionTable) read(file, geometry);
        long mib = sectorSize.sectorsPerMiB();
        long lastUsable = geometry.lastLba() - 16384 / sectorSize.bytes() - 1;
        assertThat(gpt.primaryStatus()).isEqualTo(GptCopyStatus.VALID);
        assertThat(gpt.backupAtEndOfDevice(geometry)).isTrue();
        assertThat(gpt.header().lastUsableLba()).isEqualTo(lastUsable);
        assertThat(gpt.partitions()).hasSize(3);
        assertThat(gpt.partition(3).orElseThrow()).isEqualTo(new GptPartition(3, PartitionTypes.LINUX_FILESYSTEM,
                NEW_GUID, "config-2", 63 * mib, lastUsable, 0));
        assertThat(written).isEqualTo(new ConfigDrivePartition(3, 63 * mib, lastUsable, drive.length, NEW_GUID.toString()));
        assertThat(DiskImages.readBytes(file, 63 * MIB, drive.length)).isEqualTo(drive);
        assertThat(DiskImages.readBytes(file, 63 * MIB + drive.length, 4096)).containsOnly(0);
        // The image's own backup header, now mid-disk, no longer looks like a GPT.
        assertThat(DiskImages.readBytes(file, 16 * MIB - sectorSize.bytes(), 8)).containsOnly(0);
    }

    @Test
    void inlineTextThatIsNotBase64IsRefusedBeforeTheDiskIsTouched() throws IOException {
        Path file = DiskImages.gptImageOnDisk(dir, SectorSize.BYTES_512, 16, 64);
        DiskGeometry geometry = DiskImages.geometry(file, SectorSize.BYTES_512);
        byte[] before = DiskImages.readBytes(file, 0, 34 * 512);

        assertThatThrownBy(() -> write(file, geometry, new ConfigDriveSource.Inline("config-2 drive contents")))
                .isInstanceOf(PartitionTableException.class)
                .hasMessageContaining("neither a URL nor base64")
                .hasMessageContaining("'-' at position 6");
        assertThat(DiskImages.readBytes(file, 0, 34 * 512)).isEqualTo(before);
    }

    @Test
    void driveIsSizedToItsContentNotIpasFixed64MiB() throws IOException {
        Path file = DiskImages.gptImageOnDisk(dir, SectorSize.BYTES_512, 16, 200);
        DiskGeometry geometry = DiskImages.geometry(file, SectorSize.BYTES_512);
        byte[] drive = DiskImages.configDrive((int) (2 * MIB + 5), 2);

        ConfigDrivePartition written = write(file, geometry, new ConfigDriveSource.Inline(DiskImages.base64Gzip(drive)));

        assertThat(written.firstLba()).isEqualTo(197 * 2048); // 3 MiB below the end: 2 MiB + 5 bytes, rounded up
        assertThat(DiskImages.readBytes(file, 197 * MIB, drive.length)).isEqualTo(drive);
    }

    @Test
    void streamedSourcesMayBeBase64GzipOrTheRawImage() throws IOException {
        byte[] drive = DiskImages.configDrive(100_000, 3);
        List<ConfigDriveSource> sources = List.of(
                new ConfigDriveSource.Streamed("base64 download",
                        () -> new ByteArrayInputStream(DiskImages.base64Gzip(drive).getBytes(StandardCharsets.US_ASCII))),
                new ConfigDriveSource.Streamed("raw download", () -> new ByteArrayInputStream(drive)),
                new ConfigDriveSource.Streamed("gzip download", () -> new ByteArrayInputStream(DiskImages.gzip(drive))));
        for (ConfigDriveSource source : sources) {
            Path file = DiskImages.gptImageOnDisk(Files.createDirectories(dir.resolve("d" + sources.indexOf(source))),
                    SectorSize.BYTES_512, 16, 32);
            ConfigDrivePartition written = write(file, DiskImages.geometry(file, SectorSize.BYTES_512), source);
            assertThat(DiskImages.readBytes(file, written.firstLba() * 512, drive.length)).as(source.toString()).isEqualTo(drive);
        }
    }

    @Test
    void urlParameterGoesThroughTheCallersDownloader() throws IOException {
        byte[] drive = DiskImages.configDrive(50_000, 4);
        Path file = DiskImages.gptImageOnDisk(dir, SectorSize.BYTES_512, 16, 32);
        List<String> asked = new java.util.ArrayList<>();
        ConfigDriveSource source = ConfigDriveSource.fromParameter("https://ironic.example/configdrive/node-1", url -> {
            asked.add(url.toString());
            return new ByteArrayInputStream(DiskImages.base64Gzip(drive).getBytes(StandardCharsets.US_ASCII));
        });

        ConfigDrivePartition written = write(file, DiskImages.geometry(file, SectorSize.BYTES_512), source);

        assertThat(asked).containsExactly("https://ironic.example/configdrive/node-1");
        assertThat(DiskImages.readBytes(file, written.firstLba() * 512, drive.length)).isEqualTo(drive);
        assertThat(ConfigDriveSource.fromParameter("H4sIAAAA", url -> {
            throw new AssertionError("inline content must not be downloaded");
        })).isInstanceOf(ConfigDriveSource.Inline.class);
    }

    @Test
    void mbrDiskGetsAPrimaryPartitionInTheFirstFreeSlot() throws IOException {
        Path file = DiskImages.blank(dir, "mbr.img", 64 * MIB);
        DiskGeometry geometry = DiskImages.geometry(file, SectorSize.BYTES_512);
        try (FileChannel ch = DiskImages.open(file)) {
            MbrTableWriter.write(ch, geometry, 0x0badf00dL, List.of(
                    new MbrPartition(1, MbrPartition.TYPE_LINUX, 2048, 16 * 2048, true)));
        }
        byte[] drive = DiskImages.configDrive(70_000, 5);

        ConfigDrivePartition written = write(file, geometry, new ConfigDriveSource.Inline(DiskImages.base64Gzip(drive)));

        MbrPartitionTable mbr = (MbrPartitionTable) read(file, geometry);
        assertThat(mbr.partition(2).orElseThrow())
                .isEqualTo(new MbrPartition(2, MbrPartition.TYPE_FAT32_CHS, 63 * 2048, 2048, false));
        assertThat(written.partUuid()).isEqualTo("0badf00d-02");
        assertThat(DiskImages.readBytes(file, 63 * MIB, drive.length)).isEqualTo(drive);
    }

    @Test
    void mbrWithFourPrimaryPartitionsIsRefused() throws IOException {
        Path file = DiskImages.blank(dir, "full.img", 64 * MIB);
        DiskGeometry geometry = DiskImages.geometry(file, SectorSize.BYTES_512);
        try (FileChannel ch = DiskImages.open(file)) {
            MbrTableWriter.write(ch, geometry, 1, List.of(
                    new MbrPartition(1, MbrPartition.TYPE_LINUX, 2048, 2048, true),
                    new MbrPartition(2, MbrPartition.TYPE_LINUX, 4096, 2048, false),
                    new MbrPartition(3, MbrPartition.TYPE_LINUX, 6144, 2048, false),
                    new MbrPartition(4, MbrPartition.TYPE_LINUX, 8192, 2048, false)));
        }
        assertThatThrownBy(() -> write(file, geometry, inline(1000)))
                .isInstanceOf(PartitionTableException.class)
                .hasMessageContaining("all 4 primary partitions are in use");
    }

    @Test
    void mbrDiskPast2TiBGetsTheDriveJustBelowTheLimitAsIpaDoes() throws IOException {
        Path file = DiskImages.blank(dir, "big.img", 3L * 1024 * 1024 * MIB);
        DiskGeometry geometry = DiskImages.geometry(file, SectorSize.BYTES_512);
        try (FileChannel ch = DiskImages.open(file)) {
            MbrTableWriter.write(ch, geometry, 0x42, List.of(new MbrPartition(1, MbrPartition.TYPE_LINUX, 2048, 2048, true)));
        }
        byte[] drive = DiskImages.configDrive(40_000, 6);

        ConfigDrivePartition written = write(file, geometry, new ConfigDriveSource.Inline(DiskImages.base64Gzip(drive)));

        assertThat(written.lastLba()).isEqualTo((1L << 32) - 1);
        assertThat(written.firstLba()).isEqualTo((1L << 32) - 2048);
        assertThat(DiskImages.readBytes(file, written.firstLba() * 512, drive.length)).isEqualTo(drive);
    }

    @Test
    void mbrImageFillingThe2TiBLimitIsRefusedWithTheReason() throws IOException {
        Path file = DiskImages.blank(dir, "big-full.img", 3L * 1024 * 1024 * MIB);
        DiskGeometry geometry = DiskImages.geometry(file, SectorSize.BYTES_512);
        try (FileChannel ch = DiskImages.open(file)) {
            MbrTableWriter.write(ch, geometry, 0x42, List.of(
                    new MbrPartition(1, MbrPartition.TYPE_LINUX, 2048, (1L << 32) - 2048 - 1, true)));
        }
        assertThatThrownBy(() -> write(file, geometry, inline(5000)))
                .isInstanceOf(PartitionTableException.class)
                .hasMessageContaining("Not enough space")
                .hasMessageContaining("MBR cannot address past 2^32 sectors");
    }

    @Test
    void tooSmallDiskIsRefusedAndSaysHowMuchIsNeeded() {
        Path file = DiskImages.gptImageOnDisk(dir, SectorSize.BYTES_512, 16, 17);

        assertThatThrownBy(() -> write(file, DiskImages.geometry(file, SectorSize.BYTES_512), inline((int) (3 * MIB))))
                .isInstanceOf(PartitionTableException.class)
                .hasMessageContaining("Not enough space for the config drive after the last partition: it needs 3 MiB")
                .hasMessageContaining("Use a larger disk or a smaller image");
    }

    @Test
    void driveOver64MiBIsRefused() {
        Path file = DiskImages.gptImageOnDisk(dir, SectorSize.BYTES_512, 16, 128);
        byte[] huge = new byte[(int) (64 * MIB + 1)];

        assertThatThrownBy(() -> write(file, DiskImages.geometry(file, SectorSize.BYTES_512),
                new ConfigDriveSource.Inline(DiskImages.base64Gzip(huge))))
                .isInstanceOf(PartitionTableException.class)
                .hasMessageContaining("larger than 64 MiB");
    }

    @Test
    void rawFilesystemImageIsRefused() {
        Path file = DiskImages.blank(dir, "rootfs.ext4", 32 * MIB);
        DiskImages.writeBytes(file, 1024 + 56, new byte[] {0x53, (byte) 0xEF}); // ext4 superblock magic

        assertThatThrownBy(() -> write(file, DiskImages.geometry(file, SectorSize.BYTES_512), inline(1000)))
                .isInstanceOf(PartitionTableException.class)
                .hasMessageContaining("no partition table")
                .hasMessageContaining("bare filesystem");
    }

    @Test
    void malformedContentAndEmptyDrivesAreClearErrors() {
        Path file = DiskImages.gptImageOnDisk(dir, SectorSize.BYTES_512, 16, 32);
        DiskGeometry geometry = DiskImages.geometry(file, SectorSize.BYTES_512);
        String truncatedGzip = java.util.Base64.getEncoder().encodeToString(
                Arrays.copyOf(DiskImages.gzip(DiskImages.configDrive(10_000, 7)), 100));

        assertThatThrownBy(() -> write(file, geometry, new ConfigDriveSource.Inline(truncatedGzip)))
                .isInstanceOf(PartitionTableException.class)
                .hasMessageContaining("Cannot decode the config drive from the inline configdrive parameter");
        assertThatThrownBy(() -> write(file, geometry, new ConfigDriveSource.Streamed("empty", () -> new ByteArrayInputStream(new byte[0]))))
                .isInstanceOf(PartitionTableException.class)
                .hasMessageContaining("config drive is empty");
    }

    @Test
    void inlineSourceDoesNotPrintItsContent() {
        assertThat(new ConfigDriveSource.Inline("c2VjcmV0").toString()).isEqualTo("Inline[8 base64 characters]");
    }

    private ConfigDriveSource inline(int bytes) {
        return new ConfigDriveSource.Inline(DiskImages.base64Gzip(DiskImages.configDrive(bytes, bytes)));
    }

    private ConfigDrivePartition write(Path file, DiskGeometry geometry, ConfigDriveSource source) throws IOException {
        try (FileChannel ch = DiskImages.open(file)) {
            return writer.write(ch, geometry, source);
        }
    }

    private static PartitionTable read(Path file, DiskGeometry geometry) throws IOException {
        try (FileChannel ch = DiskImages.open(file)) {
            return PartitionTableReader.read(ch, geometry);
        }
    }
}
