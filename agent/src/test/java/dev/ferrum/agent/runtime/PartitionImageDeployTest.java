package dev.ferrum.agent.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.ferrum.agent.command.CommandFailedException;
import dev.ferrum.agent.deploy.ImageSourceDownloader;
import dev.ferrum.agent.deploy.StreamingImageDeployer;
import dev.ferrum.agent.image.ChecksumPolicy;
import dev.ferrum.agent.image.ImageInfoParser;
import dev.ferrum.agent.image.MonotonicClock;
import dev.ferrum.agent.image.source.HttpSourceConfig;
import dev.ferrum.agent.image.source.PlainHttpImageSource;
import dev.ferrum.agent.image.writer.ImageWriter;
import dev.ferrum.agent.image.writer.ImageWriterConfig;
import dev.ferrum.agent.partition.DiskImages;
import dev.ferrum.agent.partition.GptPartition;
import dev.ferrum.agent.partition.GptPartitionTable;
import dev.ferrum.agent.partition.MbrPartition;
import dev.ferrum.agent.partition.MbrPartitionTable;
import dev.ferrum.agent.partition.PartitionTable;
import dev.ferrum.agent.partition.PartitionTableReader;
import dev.ferrum.agent.partition.PartitionTypes;
import dev.ferrum.agent.partition.SectorSize;
import dev.ferrum.agent.time.Sleeper;
import dev.ferrum.hardware.registry.HardwareManagerDiscovery;
import dev.ferrum.hardware.registry.HardwareManagerRegistry;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.image.WriteImageArgs;
import dev.ferrum.protocol.json.WireJson;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A partition image deployed for real onto a file-backed 20 GiB root disk: the table is read back
 * with the agent's readers, the image found inside the root partition, the mkfs commands checked on
 * the fake command runner.
 */
class PartitionImageDeployTest {
    private static final long MIB = 1024 * 1024;
    private static final String FS_UUID = "0123abcd-4567-89ef-0123-456789abcdef";

    private final ObjectMapper json = WireJson.newMapper();
    private final FakeCommandRunner commands = new FakeCommandRunner();
    private byte[] rootFs;
    private HttpServer server;
    private StreamingImageDeployer deployer;
    private Path disk;

    @TempDir
    Path root;

    @BeforeEach
    void setUp() throws IOException {
        rootFs = ext4Like(3 << 20);
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/root.img", exchange -> {
            exchange.sendResponseHeaders(200, rootFs.length);
            try (var out = exchange.getResponseBody()) {
                out.write(rootFs);
            }
        });
        server.start();
        Files.createDirectories(root.resolve("dev"));
        disk = root.resolve("dev/vda");
        try (RandomAccessFile file = new RandomAccessFile(disk.toFile(), "rw")) {
            file.setLength(20L << 30);
            // A previous deploy's backup GPT at the end must not survive.
            file.seek((20L << 30) - 512);
            file.write("EFI PART".getBytes());
        }
        var machine = new MachineContext(root, commands);
        var registry = HardwareManagerRegistry.select(
                new HardwareManagerDiscovery.Discovered(List.of(new FixtureMachine()), List.of()), machine);
        var source = PlainHttpImageSource.withHelidonForTls(HttpSourceConfig.defaults());
        var checksums = new ChecksumPolicy(true);
        var writer = new ImageWriter(ImageWriterConfig.defaults().withChecksums(checksums), source,
                MonotonicClock.system(), Sleeper.system());
        deployer = new StreamingImageDeployer(registry, writer, new ImageInfoParser(checksums),
                new ImageSourceDownloader(source), json);
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    /** Random bytes with an ext4 superblock's magic and UUID where blkid looks for them. */
    private static byte[] ext4Like(int size) {
        byte[] bytes = new byte[size];
        new Random(7).nextBytes(bytes);
        ByteBuffer le = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        le.putShort(1024 + 0x38, (short) 0xEF53);
        byte[] uuid = HexFormat.of().parseHex(FS_UUID.replace("-", ""));
        System.arraycopy(uuid, 0, bytes, 1024 + 0x68, 16);
        return bytes;
    }

    private WriteImageArgs args(Map<String, Object> partitionFields) throws Exception {
        Map<String, Object> info = new HashMap<>(Map.of("id", "root.img",
                "urls", List.of("http://127.0.0.1:" + server.getAddress().getPort() + "/root.img"),
                "os_hash_algo", "sha256",
                "os_hash_value", HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(rootFs)),
                "image_type", "partition"));
        info.putAll(partitionFields);
        return json.convertValue(Map.of("image_info", info), WriteImageArgs.class);
    }

    private PartitionTable table() {
        try (FileChannel channel = DiskImages.open(disk)) {
            return PartitionTableReader.read(channel, DiskImages.geometry(disk, SectorSize.BYTES_512));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private void allowMkfs() {
        commands.answer(List.of("mkfs.vfat", "-n", "efi-part", disk + "1"), "");
        commands.answer(List.of("mkfs.ext4", "-F", "-L", "ephemeral0", disk + "2"), "");
        commands.answer(List.of("mkswap", "-L", "swap1", disk + "3"), "");
    }

    @Test
    void uefiGetsGptWithEspEphemeralSwapAndRootHoldingTheImage() throws Exception {
        allowMkfs();

        JsonNode result = deployer.write(args(Map.of("root_mb", 4096, "swap_mb", 512, "ephemeral_mb", 1024,
                "deploy_boot_mode", "uefi")), json.createObjectNode(), p -> { });

        GptPartitionTable gpt = (GptPartitionTable) table();
        List<GptPartition> parts = gpt.partitions();
        assertThat(parts).extracting(GptPartition::typeGuid).containsExactly(PartitionTypes.EFI_SYSTEM,
                PartitionTypes.LINUX_FILESYSTEM, PartitionTypes.LINUX_SWAP, PartitionTypes.LINUX_FILESYSTEM);
        assertThat(parts).extracting(GptPartition::sectorCount)
                .containsExactly(550 * 2048L, 1024 * 2048L, 512 * 2048L, 4096 * 2048L);
        assertThat(parts.getFirst().firstLba()).isEqualTo(2048);
        GptPartition rootPart = parts.get(3);
        assertThat(DiskImages.readBytes(disk, rootPart.firstLba() * 512, rootFs.length)).isEqualTo(rootFs);
        // The old backup header's signature is gone: only the new table's backup lives at the end.
        assertThat(gpt.backupAtEndOfDevice(DiskImages.geometry(disk, SectorSize.BYTES_512))).isTrue();

        JsonNode uuids = deployer.partitionUuids();
        assertThat(uuids.path("root uuid").asText()).isEqualTo(FS_UUID);
        assertThat(uuids.path("efi system partition uuid").asText()).isEqualTo(parts.getFirst().partUuid());
        assertThat(uuids.path("partitions").path("root").asText()).isEqualTo("/dev/vda4");
        assertThat(uuids.path("partitions").path("swap").asText()).isEqualTo("/dev/vda3");
        assertThat(result.path("partitions")).isEqualTo(uuids);
        assertThat(commands.calls()).contains(List.of("mkfs.vfat", "-n", "efi-part", disk + "1"),
                List.of("mkfs.ext4", "-F", "-L", "ephemeral0", disk + "2"), List.of("mkswap", "-L", "swap1", disk + "3"));
    }

    @Test
    void withoutMkfsVfatTheEspIsMadeByBusyboxsMkdosfs() throws Exception {
        commands.answer(List.of("mkdosfs", "-n", "efi-part", disk + "1"), "");

        deployer.write(args(Map.of("root_mb", 4096, "deploy_boot_mode", "uefi")), json.createObjectNode(), p -> { });

        assertThat(commands.calls()).contains(List.of("mkdosfs", "-n", "efi-part", disk + "1"));
    }

    @Test
    void biosGetsADosTableWithABootableRootThatTakesTheRestOfTheDisk() throws Exception {
        commands.answer(List.of("mkswap", "-L", "swap1", disk + "1"), "");

        deployer.write(args(Map.of("swap_mb", 256, "deploy_boot_mode", "bios")), json.createObjectNode(), p -> { });

        MbrPartitionTable mbr = (MbrPartitionTable) table();
        assertThat(mbr.partitions()).extracting(MbrPartition::type)
                .containsExactly(MbrPartition.TYPE_LINUX_SWAP, MbrPartition.TYPE_LINUX);
        MbrPartition rootPart = mbr.partitions().get(1);
        assertThat(rootPart.bootable()).isTrue();
        assertThat(rootPart.lastLba()).isEqualTo((20L << 30) / 512 - 1);
        assertThat(DiskImages.readBytes(disk, rootPart.firstLba() * 512, rootFs.length)).isEqualTo(rootFs);
        assertThat(deployer.partitionUuids().path("root uuid").asText()).isEqualTo(FS_UUID);
    }

    @Test
    void biosOnGptGetsABiosBootPartitionFirst() throws Exception {
        deployer.write(args(Map.of("root_mb", 2048, "deploy_boot_mode", "bios", "disk_label", "gpt")),
                json.createObjectNode(), p -> { });

        GptPartitionTable gpt = (GptPartitionTable) table();
        assertThat(gpt.partitions()).extracting(GptPartition::typeGuid)
                .containsExactly(PartitionTypes.BIOS_BOOT, PartitionTypes.LINUX_FILESYSTEM);
        assertThat(gpt.partitions().getFirst().sectorCount()).isEqualTo(2048);
    }

    @Test
    void aMissingMkfsToolFailsNamingThePartitionAndTheFix() {
        assertThatThrownBy(() -> deployer.write(args(Map.of("root_mb", 2048, "swap_mb", 64,
                "deploy_boot_mode", "bios")), json.createObjectNode(), p -> { }))
                .isInstanceOfSatisfying(CommandFailedException.class, e -> assertThat(e.error().details().orElse(""))
                        .contains("mkswap is not in the ramdisk"));
    }

    @Test
    void partitionsThatDoNotFitAreRefusedBeforeTheDiskIsTouched() throws Exception {
        assertThatThrownBy(() -> deployer.write(args(Map.of("root_mb", 30 * 1024)), json.createObjectNode(), p -> { }))
                .isInstanceOfSatisfying(CommandFailedException.class, e -> assertThat(e.error().details().orElse(""))
                        .contains("lower instance_info root_gb"));
        assertThat(DiskImages.readBytes(disk, (20L << 30) - 512, 8)).isEqualTo("EFI PART".getBytes());
    }

    @Test
    void anImageLargerThanItsRootPartitionFailsNamingRootGb() {
        assertThatThrownBy(() -> deployer.write(args(Map.of("root_mb", 2, "deploy_boot_mode", "bios")),
                json.createObjectNode(), p -> { }))
                .isInstanceOfSatisfying(CommandFailedException.class, e -> assertThat(e.error().details().orElse(""))
                        .contains("root partition holds only " + (2 * MIB) + " bytes")
                        .contains("raise instance_info root_gb"));
    }

    @Test
    void rootTakesTheRestButLeavesRoomForTheConfigDriveAfterIt() throws Exception {
        commands.answer(List.of("mkfs.vfat", "-n", "efi-part", disk + "1"), "");
        byte[] drive = DiskImages.configDrive(1 << 20, 3);
        Map<String, Object> withDrive = new HashMap<>(json.convertValue(args(Map.of()), Map.class));
        withDrive.put("configdrive", DiskImages.base64Gzip(drive));

        JsonNode result = deployer.write(json.convertValue(withDrive, WriteImageArgs.class), json.createObjectNode(),
                p -> { });

        GptPartitionTable gpt = (GptPartitionTable) table();
        assertThat(gpt.partitions()).hasSize(3);
        GptPartition rootPart = gpt.partitions().get(1);
        GptPartition configDrive = gpt.partitions().get(2);
        assertThat(configDrive.name()).isEqualTo("config-2");
        assertThat(configDrive.firstLba()).isGreaterThan(rootPart.lastLba());
        assertThat(DiskImages.readBytes(disk, configDrive.firstLba() * 512, drive.length)).isEqualTo(drive);
        assertThat(result.path("configdrive").path("number").asInt()).isEqualTo(3);
        assertThat(deployer.partitionUuids().path("root uuid").asText()).isEqualTo(FS_UUID);
    }
}
