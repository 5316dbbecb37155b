package dev.ferrum.integration.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.api.ApiAuth;
import dev.ferrum.conductor.cli.ConductorServer;
import dev.ferrum.conductor.cli.ConductorSettings;
import dev.ferrum.integration.machine.AgentProcess;
import dev.ferrum.integration.machine.FixtureMachine;
import dev.ferrum.sandbox.FileServer;
import java.io.RandomAccessFile;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stock {@code baremetal} CLI (Debian's python3-ironicclient) drives Ferrum's conductor through a
 * whole life: create, port, manage, provide, deploy with a config drive, undeploy, delete — with
 * Ferrum's real agent writing the image to a file-backed disk.
 */
class BaremetalCliTest {
    private static final int MIB = 1 << 20;

    private final ObjectMapper json = new ObjectMapper();
    private ConductorServer conductor;
    private FileServer images;
    private AgentProcess agent;
    private Thread starter;
    private String api;

    @TempDir
    Path temp;

    @AfterEach
    void stop() throws InterruptedException {
        if (starter != null) {
            starter.interrupt();
            starter.join(5_000);
        }
        if (agent != null) {
            agent.close();
        }
        if (conductor != null) {
            conductor.close();
        }
        if (images != null) {
            images.close();
        }
    }

    private String baremetal(String... args) throws Exception {
        BaremetalCli.Run run = new BaremetalCli(api, Duration.ofMinutes(5)).run(args);
        assertThat(run.exit()).as("baremetal " + String.join(" ", args) + ":\n" + run.output()
                + (agent == null ? "" : "\n--- agent log:\n" + agent.log())).isZero();
        return run.output();
    }

    private String state(String node) throws Exception {
        return baremetal("node", "show", node, "-f", "value", "-c", "provision_state").strip();
    }

    /** A whole-disk image with an MBR holding one Linux partition, so a config drive can be added after it. */
    private static byte[] mbrImage() {
        byte[] image = new byte[4 * MIB];
        new Random(5).nextBytes(image);
        ByteBuffer mbr = ByteBuffer.wrap(image, 0, 512).order(ByteOrder.LITTLE_ENDIAN);
        Arrays.fill(image, 0, 512, (byte) 0);
        mbr.put(446 + 4, (byte) 0x83);
        mbr.putInt(446 + 8, 2048);
        mbr.putInt(446 + 12, 4 * 2048 - 2048);
        mbr.putInt(440, 0x12345678);
        image[510] = 0x55;
        image[511] = (byte) 0xAA;
        return image;
    }

    private final AtomicReference<Exception> starterFailure = new AtomicReference<>();

    /** Starts the agent, as a booting machine would, once the node reaches {@code state}. */
    private void startAgentWhen(String state, FixtureMachine machine, String parameters) {
        starter = Thread.ofVirtual().start(() -> {
            try {
                while (!Thread.currentThread().isInterrupted() && !state.equals(state("cli-node"))) {
                    Thread.sleep(300);
                }
                agent = AgentProcess.start(machine, api, temp.resolve("agent-" + state.replace(' ', '-') + ".log"),
                        parameters);
            } catch (InterruptedException stopped) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                starterFailure.set(e);
            }
        });
    }

    /** The machine "powers off": the ramdisk's agent stops. */
    private void stopAgent() throws InterruptedException {
        starter.join(10_000);
        if (agent != null) {
            agent.close();
            agent = null;
        }
    }

    @Test
    void theStockCliTakesANodeThroughItsWholeLifeOnFerrum() throws Exception {
        BaremetalCli.requireInstalled();

        byte[] image = mbrImage();
        String sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(image));
        images = new FileServer(Map.of("disk.img", image));
        FixtureMachine machine = FixtureMachine.create(temp.resolve("machine"), new byte[512]);
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        api = "http://127.0.0.1:" + port;
        conductor = ConductorServer.start(new ConductorSettings("127.0.0.1", port, URI.create(api), temp.resolve("data"),
                Optional.empty(), new ApiAuth.NoAuth(), temp.resolve("boot"), false, "cli-conductor",
                Duration.ofSeconds(5), Duration.ofSeconds(10)));

        JsonNode created = json.readTree(baremetal("node", "create", "--driver", "fake-hardware", "--deploy-interface",
                "direct", "--inspect-interface", "agent", "--name", "cli-node", "-f", "json"));
        String uuid = created.path("uuid").asText();
        baremetal("port", "create", FixtureMachine.MAC, "--node", uuid);
        baremetal("node", "manage", "cli-node", "--wait", "60");
        assertThat(state("cli-node")).isEqualTo("manageable");

        // In-band inspection: the machine "boots" the ramdisk, which posts its inventory to the conductor.
        startAgentWhen("inspect wait", machine, "ipa-inspection-callback-url=" + api + "/v1/continue");
        baremetal("node", "inspect", "cli-node", "--wait", "120");
        assertThat(state("cli-node")).isEqualTo("manageable");
        JsonNode properties = json.readTree(baremetal("node", "show", "cli-node", "-f", "json", "-c", "properties"))
                .path("properties");
        assertThat(properties.path("cpus").asInt()).as(properties.toString()).isEqualTo(1);
        assertThat(properties.path("memory_mb").asInt()).as(properties.toString()).isPositive();
        stopAgent();
        baremetal("node", "provide", "cli-node", "--wait", "60");
        assertThat(state("cli-node")).isEqualTo("available");
        baremetal("node", "set", "cli-node", "--instance-info", "image_source=" + images.url("disk.img"),
                "--instance-info", "image_os_hash_algo=sha256", "--instance-info", "image_os_hash_value=" + sha256);

        // The fake power driver "boots" the machine: start the agent once the node waits for it.
        startAgentWhen("wait call-back", machine, "");
        byte[] configDrive = ("config-2 " + "x".repeat(4000)).getBytes(StandardCharsets.US_ASCII);
        // A file given to --config-drive is sent as it is: Ironic expects it gzipped and base64-encoded.
        java.io.ByteArrayOutputStream gzipped = new java.io.ByteArrayOutputStream();
        try (var gzip = new java.util.zip.GZIPOutputStream(gzipped)) {
            gzip.write(configDrive);
        }
        Path drive = Files.writeString(temp.resolve("configdrive.b64"),
                java.util.Base64.getEncoder().encodeToString(gzipped.toByteArray()));
        baremetal("node", "deploy", "cli-node", "--config-drive", drive.toString(), "--wait", "180");
        assertThat(starterFailure.get()).isNull();
        assertThat(state("cli-node")).isEqualTo("active");
        assertThat(machine.diskHead(image.length)).as("image data after the partition table")
                .endsWith(Arrays.copyOfRange(image, MIB, image.length));
        try (RandomAccessFile disk = new RandomAccessFile(machine.disk().toFile(), "r")) {
            byte[] mbr = new byte[512];
            disk.readFully(mbr);
            long start = Integer.toUnsignedLong(ByteBuffer.wrap(mbr).order(ByteOrder.LITTLE_ENDIAN).getInt(446 + 16 + 8));
            assertThat(start).as("the config drive got the second partition").isPositive();
            byte[] written = new byte[configDrive.length];
            disk.seek(start * 512);
            disk.readFully(written);
            assertThat(written).as("config drive contents").isEqualTo(configDrive);
        }

        baremetal("node", "undeploy", "cli-node", "--wait", "120");
        assertThat(state("cli-node")).isEqualTo("available");
        baremetal("node", "delete", "cli-node");
        assertThat(baremetal("node", "list", "-f", "value", "-c", "Name")).doesNotContain("cli-node");
    }
}
