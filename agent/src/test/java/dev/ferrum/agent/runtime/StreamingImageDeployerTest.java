package dev.ferrum.agent.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import dev.ferrum.agent.partition.SectorSize;
import dev.ferrum.agent.time.Sleeper;
import dev.ferrum.hardware.registry.HardwareManagerDiscovery;
import dev.ferrum.hardware.registry.HardwareManagerRegistry;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.protocol.image.WriteImageArgs;
import dev.ferrum.protocol.json.WireJson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The agent's write_image path for real: HTTP on loopback, the image engine, a file-backed root disk. */
class StreamingImageDeployerTest {
    private final ObjectMapper json = WireJson.newMapper();
    private final byte[] image = new byte[3 << 20];
    private HttpServer server;
    private StreamingImageDeployer deployer;
    private Path disk;
    private byte[] gptImage;

    @TempDir
    Path root;

    @BeforeEach
    void setUp() throws IOException {
        new Random(42).nextBytes(image);
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        serve("/disk.raw", image);
        serve("/disk.raw.gz", gzip(image));
        Path gpt = DiskImages.gptImageOnDisk(root, SectorSize.BYTES_512, 16, 16);
        gptImage = Files.readAllBytes(gpt);
        Files.delete(gpt);
        serve("/gpt.img", gptImage);
        server.start();

        Files.createDirectories(root.resolve("dev"));
        disk = root.resolve("dev/vda");
        try (RandomAccessFile file = new RandomAccessFile(disk.toFile(), "rw")) {
            file.setLength(20L << 30);
            file.write(new byte[] {1, 2, 3, 4});
        }
        var machine = new MachineContext(root, new FakeCommandRunner());
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

    private void serve(String path, byte[] body) {
        server.createContext(path, exchange -> {
            exchange.sendResponseHeaders(200, body.length);
            try (var out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
    }

    private static byte[] gzip(byte[] data) throws IOException {
        var bytes = new ByteArrayOutputStream();
        try (var out = new GZIPOutputStream(bytes)) {
            out.write(data);
        }
        return bytes.toByteArray();
    }

    private static String sha256(byte[] data) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
    }

    private WriteImageArgs args(String file, String algorithm, String hash) {
        return json.convertValue(Map.of("image_info", Map.of("id", file, "urls",
                List.of("http://127.0.0.1:" + server.getAddress().getPort() + "/" + file),
                "os_hash_algo", algorithm, "os_hash_value", hash)), WriteImageArgs.class);
    }

    private byte[] diskHead(int length) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(disk.toFile(), "r")) {
            byte[] head = new byte[length];
            file.readFully(head);
            return head;
        }
    }

    @Test
    void writesARawImageToTheChosenRootDiskAndReportsProgress() throws Exception {
        AtomicReference<Supplier<JsonNode>> progress = new AtomicReference<>();
        ObjectNode node = json.createObjectNode();

        JsonNode result = deployer.write(args("disk.raw", "sha256", sha256(image)), node, progress::set);

        assertThat(diskHead(image.length)).isEqualTo(image);
        assertThat(result.path("root_device").asText()).isEqualTo("/dev/vda");
        assertThat(result.path("image").path("bytes_written").asLong()).isEqualTo(image.length);
        assertThat(progress.get().get().path("bytes_written").asLong()).isEqualTo(image.length);
        // Random bytes carry no partition table: nothing to report, as IPA reports for such disks.
        assertThat(deployer.partitionUuids()).isEmpty();
    }

    @Test
    void decompressesAGzipImageWhileTheChecksumCoversThePublishedBytes() throws Exception {
        byte[] published = gzip(image);

        deployer.write(args("disk.raw.gz", "sha256", sha256(published)), json.createObjectNode(), p -> { });

        assertThat(diskHead(image.length)).isEqualTo(image);
    }

    @Test
    void aWholeDiskGptImageGetsItsConfigDriveAndReportsItsPartitions() throws Exception {
        byte[] configDrive = DiskImages.configDrive(1 << 20, 7);
        WriteImageArgs withDrive = json.convertValue(Map.of(
                "image_info", json.convertValue(args("gpt.img", "sha256", sha256(gptImage)).imageInfo(), Map.class),
                "configdrive", DiskImages.base64Gzip(configDrive)), WriteImageArgs.class);

        JsonNode result = deployer.write(withDrive, json.createObjectNode(), p -> { });

        JsonNode drive = result.path("configdrive");
        assertThat(drive.path("number").asInt()).isEqualTo(3);
        assertThat(DiskImages.readBytes(disk, drive.path("first_lba").asLong() * 512, configDrive.length))
                .isEqualTo(configDrive);
        ObjectNode uuids = deployer.partitionUuids();
        assertThat(uuids.path("root uuid").asText()).isEqualTo("bbbbbbbb-0000-0000-0000-000000000002");
        assertThat(uuids.path("efi system partition uuid").asText()).isEqualTo("aaaaaaaa-0000-0000-0000-000000000001");
    }

    @Test
    void aChecksumMismatchFailsWithIpasErrorTypeAndTheNodeIsNotReportedWritten() {
        assertThatThrownBy(() -> deployer.write(args("disk.raw", "sha256", "0".repeat(64)), json.createObjectNode(),
                p -> { }))
                .isInstanceOfSatisfying(CommandFailedException.class,
                        e -> assertThat(e.error().type()).isEqualTo("ImageChecksumError"));
    }

    @Test
    void rootDeviceHintsThatMatchNoDiskAreRefusedBeforeAnythingIsWritten() throws Exception {
        ObjectNode node = json.createObjectNode();
        node.putObject("properties").putObject("root_device").put("name", "/dev/sdz");

        assertThatThrownBy(() -> deployer.write(args("disk.raw", "sha256", sha256(image)), node, p -> { }))
                .isInstanceOfSatisfying(CommandFailedException.class, e -> {
                    assertThat(e.error().type()).isEqualTo("DeviceNotFound");
                    assertThat(e.getMessage()).contains("/dev/sdz");
                });
        assertThat(diskHead(4)).containsExactly(1, 2, 3, 4);
    }
}
