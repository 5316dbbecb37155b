package dev.ferrum.agent.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.agent.Main;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent as it runs in the ramdisk — {@code ferrum-agent run} in its own JVM, with the generic
 * hardware manager reading a fixture machine root — looked up by a conductor and driven through a
 * real clean step that wipes a file-backed disk.
 */
class AgentProcessTest {
    private static final String MAC = "02:fc:00:00:00:09";
    private static final long DISK = 64L << 20;

    private final ObjectMapper json = new ObjectMapper();
    private final FakeConductor conductor = new FakeConductor();
    private final HttpClient http = HttpClient.newHttpClient();
    private Process agent;

    @TempDir
    Path root;

    @AfterEach
    void stop() throws InterruptedException {
        if (agent != null) {
            agent.destroy();
            if (!agent.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                agent.destroyForcibly();
            }
        }
        conductor.close();
    }

    /** A virtual machine's sysfs: one virtio NIC with carrier and one virtio disk, as the kernel lays them out. */
    private void fixtureMachine() throws IOException {
        Path pci = Files.createDirectories(root.resolve("sys/devices/pci0000:00"));
        Path nicDevice = Files.createDirectories(pci.resolve("0000:00:03.0"));
        Files.writeString(nicDevice.resolve("vendor"), "0x1af4\n");
        Files.writeString(nicDevice.resolve("device"), "0x1000\n");
        Path eth0 = Files.createDirectories(nicDevice.resolve("net/eth0"));
        Files.writeString(eth0.resolve("address"), MAC + "\n");
        Files.writeString(eth0.resolve("carrier"), "1\n");
        Files.createSymbolicLink(eth0.resolve("device"), Path.of("../../../0000:00:03.0"));
        Files.createDirectories(root.resolve("sys/class/net"));
        Files.createSymbolicLink(root.resolve("sys/class/net/eth0"), Path.of("../../devices/pci0000:00/0000:00:03.0/net/eth0"));

        Path vda = Files.createDirectories(pci.resolve("0000:00:04.0/virtio1/block/vda"));
        Files.createDirectories(vda.resolve("queue"));
        Files.createDirectories(vda.resolve("holders"));
        Files.writeString(vda.resolve("size"), (DISK / 512) + "\n");
        Files.writeString(vda.resolve("ro"), "0\n");
        Files.writeString(vda.resolve("queue/rotational"), "0\n");
        Files.writeString(vda.resolve("queue/logical_block_size"), "512\n");
        Files.createSymbolicLink(vda.resolve("device"), Path.of("../../../virtio1"));
        Files.createDirectories(root.resolve("sys/block"));
        Files.createSymbolicLink(root.resolve("sys/block/vda"), Path.of("../devices/pci0000:00/0000:00:04.0/virtio1/block/vda"));
        Files.createDirectories(root.resolve("sys/class/block"));
        Files.createSymbolicLink(root.resolve("sys/class/block/vda"), Path.of("../../devices/pci0000:00/0000:00:04.0/virtio1/block/vda"));

        Path proc = Files.createDirectories(root.resolve("proc"));
        Files.writeString(proc.resolve("meminfo"), "MemTotal:        8000000 kB\n");
        Files.writeString(proc.resolve("cpuinfo"), "processor\t: 0\nmodel name\t: Fixture CPU\n\n");
        Files.writeString(proc.resolve("mounts"), "proc /proc proc rw 0 0\n");
        Files.writeString(proc.resolve("swaps"), "Filename\tType\tSize\tUsed\tPriority\n");
        Files.createDirectories(root.resolve("dev"));
        try (RandomAccessFile disk = new RandomAccessFile(root.resolve("dev/vda").toFile(), "rw")) {
            disk.setLength(DISK);
            disk.seek(512);
            disk.write("EFI PART".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        }
    }

    private JsonNode command(String agentUrl, String name, String params) throws Exception {
        var response = http.send(HttpRequest.newBuilder(URI.create(agentUrl + "/v1/commands/?wait=true&agent_token="
                + FakeConductor.TOKEN)).POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"" + name
                + "\",\"params\":" + params + "}")).timeout(Duration.ofSeconds(60)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return json.readTree(response.body());
    }

    @Test
    void theRunCommandLooksUpHeartbeatsAndCleansAFileBackedDisk() throws Exception {
        fixtureMachine();
        String agentUrl = startAgent("--file-disks");

        assertThat(conductor.calls).anySatisfy(call -> assertThat(call).contains("addresses=02%3Afc%3A00%3A00%3A00%3A09"));
        JsonNode steps = command(agentUrl, "clean.get_clean_steps", "{\"node\":{},\"ports\":[]}");
        JsonNode generic = steps.path("command_result").path("clean_steps").path("generic");
        assertThat(generic.findValuesAsText("step")).contains("erase_devices_metadata", "erase_devices");

        JsonNode cleaned = command(agentUrl, "clean.execute_clean_step", METADATA_STEP);

        assertThat(cleaned.path("command_status").asText()).as(cleaned.toString()).isEqualTo("SUCCEEDED");
        assertThat(cleaned.path("command_result").path("clean_step").path("step").asText())
                .isEqualTo("erase_devices_metadata");
        assertThat(gptSignature()).containsOnly(0);
    }

    @Test
    void withoutTheFileDisksFlagAFileIsNeverWrittenAsADisk() throws Exception {
        fixtureMachine();
        String agentUrl = startAgent();

        JsonNode refused = command(agentUrl, "clean.execute_clean_step", METADATA_STEP);

        assertThat(refused.path("command_status").asText()).as(refused.toString()).isEqualTo("FAILED");
        assertThat(refused.path("command_error").path("details").asText()).contains("not a block device");
        assertThat(gptSignature()).containsExactly("EFI PART".getBytes(StandardCharsets.US_ASCII));
    }

    private static final String METADATA_STEP = "{\"step\":{\"interface\":\"deploy\",\"step\":"
            + "\"erase_devices_metadata\",\"priority\":99},\"node\":{\"uuid\":\"" + FakeConductor.NODE
            + "\"},\"ports\":[]}";

    private byte[] gptSignature() throws IOException {
        try (RandomAccessFile disk = new RandomAccessFile(root.resolve("dev/vda").toFile(), "r")) {
            byte[] header = new byte[8];
            disk.seek(512);
            disk.readFully(header);
            return header;
        }
    }

    /** Starts {@code ferrum-agent run} on the fixture machine, waits for its first heartbeat, returns its URL. */
    private String startAgent(String... extra) throws Exception {
        conductor.heartbeatTimeout = 60;
        Path cmdline = Files.writeString(root.resolve("cmdline"),
                "ipa-api-url=" + conductor.url() + " ipa-listen-host=127.0.0.1 ipa-listen-port=0 ipa-enable-auto-tls=0 quiet\n");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> argv = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "run", "--root", root.toString(), "--cmdline", cmdline.toString()));
        argv.addAll(List.of(extra));
        agent = new ProcessBuilder(argv).redirectErrorStream(true)
                .redirectOutput(root.resolve("agent.log").toFile()).start();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (conductor.heartbeats.isEmpty()) {
            assertThat(agent.isAlive()).as("agent still running; log:\n" + Files.readString(root.resolve("agent.log")))
                    .isTrue();
            assertThat(System.nanoTime()).as("waiting for the first heartbeat").isLessThan(deadline);
            Thread.sleep(100);
        }
        return conductor.heartbeats.getFirst().path("callback_url").asText();
    }
}
