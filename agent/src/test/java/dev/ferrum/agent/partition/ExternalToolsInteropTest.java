package dev.ferrum.agent.partition;

import static dev.ferrum.agent.partition.DiskImages.MIB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.hardware.spi.CommandResult;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checks this package against the real tools, on image files only: sgdisk (package gdisk) and
 * sfdisk (package fdisk). Each test is reported as skipped, with the reason, where its tool is
 * missing; CI installs both.
 */
class ExternalToolsInteropTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final UUID DISK = UUID.fromString("11111111-2222-3333-4444-555555555555");
    private static final UUID ESP = UUID.fromString("aaaaaaaa-0000-0000-0000-000000000001");
    private static final UUID ROOT = UUID.fromString("bbbbbbbb-0000-0000-0000-000000000002");
    private static final UUID NEW_GUID = UUID.fromString("cccccccc-dddd-4eee-8fff-000000000003");

    @TempDir
    Path dir;

    private ToolRunner runner;

    @BeforeEach
    void runner() {
        runner = new ToolRunner(dir);
    }

    @Test
    void readsWhatSgdiskWrote() throws IOException {
        Path image = sgdiskImage(32);

        GptPartitionTable gpt = (GptPartitionTable) read(image);

        assertThat(gpt.diskGuid()).isEqualTo(DISK);
        assertThat(gpt.primaryStatus()).isEqualTo(GptCopyStatus.VALID);
        assertThat(gpt.backupStatus()).isEqualTo(GptCopyStatus.VALID);
        assertThat(gpt.partitions()).hasSize(3);
        for (GptPartition p : gpt.partitions()) {
            assertThat(p).isEqualTo(sgdiskInfo(image, p.number()));
        }
        assertThat(gpt.partition(3).orElseThrow().attributes()).isEqualTo(4); // legacy BIOS bootable, set with -A
    }

    @Test
    void movingTheBackupGivesTheSameBytesAsSgdiskE() throws IOException {
        Path ours = sgdiskImage(32);
        DiskImages.growTo(ours, 96 * MIB);
        Path theirs = Files.copy(ours, dir.resolve("theirs.img"));

        run("sgdisk", "-e", theirs.toString());
        try (FileChannel ch = DiskImages.open(ours)) {
            GptLayout layout = ((GptPartitionTable) PartitionTableReader.read(ch,
                    DiskImages.geometry(ours, SectorSize.BYTES_512))).layout();
            GptTableWriter.write(ch, DiskImages.geometry(ours, SectorSize.BYTES_512), layout);
        }

        assertThat(Files.mismatch(ours, theirs)).as("first differing byte").isEqualTo(-1);
    }

    @Test
    void sgdiskValidatesTheTableAfterAConfigDriveWasAdded() throws IOException {
        Path image = sgdiskImage(32);
        DiskImages.growTo(image, 96 * MIB);
        byte[] drive = DiskImages.configDrive(200_000, 11);

        ConfigDrivePartition written;
        try (FileChannel ch = DiskImages.open(image)) {
            written = new ConfigDriveWriter(() -> NEW_GUID).write(ch, DiskImages.geometry(image, SectorSize.BYTES_512),
                    new ConfigDriveSource.Inline(DiskImages.base64Gzip(drive)));
        }

        String verify = run("sgdisk", "-v", image.toString()).stdout();
        assertThat(verify).contains("No problems found").doesNotContain("Problem:");
        assertThat(sgdiskInfo(image, 4)).isEqualTo(new GptPartition(4, PartitionTypes.LINUX_FILESYSTEM, NEW_GUID,
                "config-2", written.firstLba(), written.lastLba(), 0));
        assertThat(written.lastLba()).isEqualTo(96 * MIB / 512 - 34);
    }

    @Test
    void sgdiskValidatesTablesOfOwnWriter() throws IOException {
        Path image = DiskImages.gptImageOnDisk(dir, SectorSize.BYTES_512, 16, 16);
        requireTool("sgdisk", "gdisk");

        assertThat(run("sgdisk", "-v", image.toString()).stdout()).contains("No problems found");
        assertThat(sgdiskInfo(image, 2)).isEqualTo(DiskImages.cloudImageLayout(SectorSize.BYTES_512, 16).partitions().get(1));
    }

    @Test
    void readsWhatSfdiskWroteOnAnMbrDiskAndSfdiskAcceptsTheConfigDrive() throws IOException {
        requireTool("sfdisk", "fdisk");
        Path image = DiskImages.blank(dir, "mbr.img", 64 * MIB);
        sfdisk(image, """
                label: dos
                label-id: 0x1a2b3c4d
                start=2048, size=4MiB, type=83, bootable
                start=10240, size=4MiB, type=82
                start=18432, size=20MiB, type=5
                start=20480, size=2MiB, type=83
                start=26624, size=2MiB, type=83
                """);

        MbrPartitionTable mbr = (MbrPartitionTable) read(image);
        assertThat(mbr.partitions()).extracting(MbrPartition::number).containsExactly(1, 2, 3, 5, 6);
        assertThat(mbr.partitions()).containsExactlyInAnyOrderElementsOf(sfdiskPartitions(image));
        assertThat(PartitionUuidFinder.find(mbr, "/dev/sda").rootUuid()).contains("1a2b3c4d-01");

        byte[] drive = DiskImages.configDrive(300_000, 12);
        try (FileChannel ch = DiskImages.open(image)) {
            new ConfigDriveWriter().write(ch, DiskImages.geometry(image, SectorSize.BYTES_512),
                    new ConfigDriveSource.Inline(DiskImages.base64Gzip(drive)));
        }
        assertThat(run("sfdisk", "-V", image.toString()).stdout()).contains("No errors detected");
        assertThat(sfdiskPartitions(image)).contains(new MbrPartition(4, 0x0B, 63 * 2048, 2048, false));
    }

    private Path sgdiskImage(long mib) {
        requireTool("sgdisk", "gdisk");
        Path image = DiskImages.blank(dir, "sgdisk.img", mib * MIB);
        run("sgdisk", "-o", "-U", DISK.toString(),
                "-n", "1:2048:+8M", "-t", "1:EF00", "-c", "1:EFI System", "-u", "1:" + ESP,
                "-n", "2:0:+16M", "-t", "2:8304", "-c", "2:root", "-u", "2:" + ROOT,
                "-n", "3:0:0", "-t", "3:8200", "-A", "3:set:2", image.toString());
        return image;
    }

    private static final Pattern INFO = Pattern.compile("Partition GUID code: (\\S+).*?Partition unique GUID: (\\S+)"
            + ".*?First sector: (\\d+).*?Last sector: (\\d+).*?Attribute flags: (\\p{XDigit}+).*?Partition name: '(.*?)'",
            Pattern.DOTALL);

    private GptPartition sgdiskInfo(Path image, int number) {
        String out = run("sgdisk", "-i", Integer.toString(number), image.toString()).stdout();
        Matcher m = INFO.matcher(out);
        assertThat(m.find()).as("sgdisk -i output:%n%s", out).isTrue();
        return new GptPartition(number, UUID.fromString(m.group(1)), UUID.fromString(m.group(2)), m.group(6),
                Long.parseLong(m.group(3)), Long.parseLong(m.group(4)), Long.parseUnsignedLong(m.group(5), 16));
    }

    private List<MbrPartition> sfdiskPartitions(Path image) throws IOException {
        JsonNode table = new ObjectMapper().readTree(run("sfdisk", "--json", image.toString()).stdout()).get("partitiontable");
        List<MbrPartition> partitions = new ArrayList<>();
        for (JsonNode p : table.get("partitions")) {
            String node = p.get("node").asText();
            int number = Integer.parseInt(node.substring(image.toString().length()));
            partitions.add(new MbrPartition(number, Integer.parseInt(p.get("type").asText(), 16), p.get("start").asLong(),
                    p.get("size").asLong(), p.path("bootable").asBoolean(false)));
        }
        return partitions;
    }

    private void requireTool(String program, String debianPackage) {
        assumeTrue(runner.isAvailable(program), program + " is not installed: skipped this check against the real tool "
                + "(apt-get install " + debianPackage + "; CI installs it)");
    }

    private CommandResult run(String... argv) {
        return run(Optional.empty(), argv);
    }

    private CommandResult run(Optional<Path> stdin, String... argv) {
        CommandResult result = runner.run(List.of(argv), stdin, TIMEOUT);
        assertThat(result.exitCode()).as("%s%n%s%s", String.join(" ", argv), result.stdout(), result.stderr()).isZero();
        return result;
    }

    private void sfdisk(Path image, String script) throws IOException {
        Path scriptFile = Files.writeString(dir.resolve("sfdisk.script"), script);
        run(Optional.of(scriptFile), "sfdisk", "--no-reread", "--no-tell-kernel", image.toString());
    }

    private static PartitionTable read(Path image) throws IOException {
        try (FileChannel ch = DiskImages.open(image)) {
            return PartitionTableReader.read(ch, DiskImages.geometry(image, SectorSize.BYTES_512));
        }
    }
}
