package dev.ferrum.hardware.generic.erase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.CommandRunner;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MetadataEraseTest {
    private static final long MIB = 1 << 20;
    private static final long SIZE = 128 * MIB;
    private static final long PART_START = MIB;
    private static final long PART_SIZE = 32 * MIB;

    @TempDir
    Path temp;
    private FixtureMachine machine;
    private HostCommands host;

    @BeforeEach
    void setUp() {
        machine = new FixtureMachine(temp.resolve("root"));
        host = new HostCommands(temp);
    }

    @Test
    void wipesHandWrittenSignaturesEverywhereTheyHideAndReadsThemBack() throws IOException {
        Path disk = machine.disk("sda", SIZE);
        machine.partition("sda", "sda1", PART_START, PART_SIZE);
        long md090 = ((SIZE / 512 & ~127L) - 128) * 512;
        long[] planted = {
            510, // MBR boot signature 0x55AA
            512, // primary GPT header "EFI PART"
            512 + 24, // LVM2 "LABELONE" in sector 1
            1080, // ext4 magic 0xEF53
            64 * 1024 + 64, // btrfs primary "_BHRfS_M"
            64 * MIB + 64, // btrfs mirror 1
            PART_START, // XFS "XFSB" at the start of sda1
            PART_START + 1080, // ext4 magic inside sda1
            PART_START + PART_SIZE - 8192, // MD 1.0 superblock at the end of sda1
            md090, // MD 0.90 magic 0xa92b4efc
            SIZE - 300 * 1024, // a ZFS back label
            SIZE - 512, // backup GPT header "EFI PART"
        };
        for (long offset : planted) {
            put(disk, offset, "SIGNATURE");
        }
        put(disk, 10 * MIB, "tenant data");
        FakeCommandRunner noTools = new FakeCommandRunner();

        EraseReport report = eraser(noTools).eraseDevicesMetadata(List.of(FixtureMachine.diskRecord("sda", SIZE)),
                EraseOptions.DEFAULTS, new EraseProgress());

        DiskEraseReport sda = report.disks().getFirst();
        assertThat(report.succeeded()).isTrue();
        assertThat(sda.method()).isEqualTo(EraseMethod.METADATA);
        assertThat(sda.outcome()).isEqualTo(DiskOutcome.ERASED);
        assertThat(sda.verified()).isTrue();
        assertThat(sda.duration()).isEqualTo(Duration.ofSeconds(1));
        assertThat(sda.notes()).anyMatch(n -> n.contains("wipefs not available"));
        for (long offset : planted) {
            assertThat(read(disk, offset, 9)).as("offset %d", offset).isEqualTo(new byte[9]);
            assertThat(sda.ranges()).as("offset %d", offset).anyMatch(r -> r.offset() <= offset && offset < r.end());
        }
        assertThat(new String(read(disk, 10 * MIB, 11), StandardCharsets.US_ASCII)).isEqualTo("tenant data");
        assertThat(sda.bytes()).isEqualTo(sda.ranges().stream().mapToLong(WipedRange::length).sum());
    }

    @Test
    void runsWipefsOnPartitionNodesAndDiskFirstAndNotesItsFailure() throws IOException {
        Path disk = machine.disk("sda", SIZE).toRealPath();
        machine.partition("sda", "sda1", PART_START, PART_SIZE);
        machine.disk("sda1", PART_SIZE); // a partition node exists on a real machine
        FakeCommandRunner tools = new FakeCommandRunner()
                .answer(List.of("wipefs", "--all", "--force", disk.resolveSibling("sda1").toString()), "")
                .answer(List.of("wipefs", "--all", "--force", disk.toString()),
                        new CommandResult(1, "", "wipefs: error: probing initialization failed"));

        EraseReport report = eraser(tools).eraseDevicesMetadata(List.of(FixtureMachine.diskRecord("sda", SIZE)),
                EraseOptions.DEFAULTS, new EraseProgress());

        assertThat(tools.calls()).extracting(c -> c.get(3))
                .containsExactly(disk.resolveSibling("sda1").toString(), disk.toString());
        assertThat(report.disks().getFirst().verified()).isTrue();
        assertThat(report.disks().getFirst().notes()).singleElement().asString().contains("probing initialization failed");
    }

    @Test
    void realExt4AndGptAreGoneForBlkidAndWipefs() throws IOException {
        assumeThat(host.isAvailable("mkfs.ext4") && host.isAvailable("sgdisk") && host.isAvailable("blkid")
                && host.isAvailable("wipefs"))
                .as("skipped: needs mkfs.ext4 (e2fsprogs), sgdisk (gdisk), blkid and wipefs (util-linux)").isTrue();
        Path disk = machine.disk("sda", SIZE);
        host("sgdisk", "-o", "-n", "1:2048:+32M", "-t", "1:8300", disk.toString());
        host("mkfs.ext4", "-F", "-q", "-E", "offset=" + PART_START, disk.toString(), "32M");
        machine.partition("sda", "sda1", PART_START, PART_SIZE);
        assertThat(host("wipefs", "--no-act", disk.toString()).stdout()).contains("gpt");
        assertThat(host("blkid", "-p", "-O", Long.toString(PART_START), disk.toString()).stdout()).contains("ext4");

        // Java zeroing alone (no wipefs in the runner) must be enough for the formats it knows.
        EraseReport report = eraser(new FakeCommandRunner()).eraseDevicesMetadata(
                List.of(FixtureMachine.diskRecord("sda", SIZE)), EraseOptions.DEFAULTS, new EraseProgress());

        assertThat(report.succeeded()).isTrue();
        assertThat(host("wipefs", "--no-act", disk.toString()).stdout()).isBlank();
        assertThat(probe(disk, 0).exitCode()).as("blkid on the disk").isEqualTo(2);
        assertThat(probe(disk, PART_START).exitCode()).as("blkid at the partition offset").isEqualTo(2);
    }

    @Test
    void realWholeDiskExt4IsGoneWithWipefsInTheLoop() throws IOException {
        assumeThat(host.isAvailable("mkfs.ext4") && host.isAvailable("blkid") && host.isAvailable("wipefs"))
                .as("skipped: needs mkfs.ext4 (e2fsprogs), blkid and wipefs (util-linux)").isTrue();
        Path disk = machine.disk("sdb", 64 * MIB);
        host("mkfs.ext4", "-F", "-q", disk.toString());
        assertThat(probe(disk, 0).stdout()).contains("ext4");

        EraseReport report = eraser(host).eraseDevicesMetadata(List.of(FixtureMachine.diskRecord("sdb", 64 * MIB)),
                EraseOptions.DEFAULTS, new EraseProgress());

        assertThat(report.succeeded()).isTrue();
        assertThat(report.disks().getFirst().notes()).isEmpty();
        assertThat(probe(disk, 0).exitCode()).isEqualTo(2);
        assertThat(host("wipefs", "--no-act", disk.toString()).stdout()).isBlank();
    }

    @Test
    void lyingDiskFailsTheMetadataWipe() throws IOException {
        Path disk = machine.disk("sda", 8 * MIB);
        put(disk, 512, "EFI PART");
        DiskEraser eraser = new DiskEraser(machine.context(new FakeCommandRunner()), EraseConfig.DEFAULTS,
                device -> new LyingChannel(FileChannel.open(device, StandardOpenOption.READ, StandardOpenOption.WRITE),
                        512, 520),
                new TickingClock(), new SplittableRandom(1));

        EraseReport report = eraser.eraseDevicesMetadata(List.of(FixtureMachine.diskRecord("sda", 8 * MIB)),
                EraseOptions.DEFAULTS, new EraseProgress());

        assertThat(report.succeeded()).isFalse();
        assertThat(report.disks().getFirst().reason()).hasValueSatisfying(r -> assertThat(r)
                .contains("not verified").contains("byte 512"));
    }

    private DiskEraser eraser(CommandRunner commands) {
        return new DiskEraser(machine.context(commands), EraseConfig.DEFAULTS, DeviceOpener.files(),
                new TickingClock(), new SplittableRandom(7));
    }

    private CommandResult probe(Path disk, long offset) {
        return host.run(List.of("blkid", "-p", "-O", Long.toString(offset), disk.toString()), Duration.ofSeconds(30));
    }

    private CommandResult host(String... argv) {
        CommandResult result = host.run(List.of(argv), Duration.ofSeconds(60));
        if (!argv[0].equals("blkid") && !result.succeeded()) {
            throw new AssertionError(String.join(" ", argv) + " failed: " + result.stderr());
        }
        return result;
    }

    private static void put(Path file, long offset, String text) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII)), offset);
        }
    }

    private static byte[] read(Path file, long offset, int length) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer buffer = ByteBuffer.allocate(length);
            channel.read(buffer, offset);
            return buffer.array();
        }
    }
}
