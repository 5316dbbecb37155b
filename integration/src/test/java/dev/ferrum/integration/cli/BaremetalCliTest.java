package dev.ferrum.integration.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.integration.machine.FixtureMachine;
import dev.ferrum.sandbox.FileServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;
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
    private CliLab lab;
    private FileServer images;

    @TempDir
    Path temp;

    @AfterEach
    void stop() throws InterruptedException {
        if (lab != null) {
            lab.close();
        }
        if (images != null) {
            images.close();
        }
    }

    private String state(String node) throws Exception {
        return lab.field(node, "provision_state");
    }

    @Test
    void theStockCliTakesANodeThroughItsWholeLifeOnFerrum() throws Exception {
        lab = CliLab.start(temp);
        byte[] image = CliLab.mbrImage(5);
        String sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(image));
        images = new FileServer(Map.of("disk.img", image));
        FixtureMachine machine = FixtureMachine.create(temp.resolve("machine"), new byte[512]);

        JsonNode created = json.readTree(lab.baremetal("node", "create", "--driver", "fake-hardware",
                "--deploy-interface", "direct", "--inspect-interface", "agent", "--name", "cli-node", "-f", "json"));
        String uuid = created.path("uuid").asText();
        lab.baremetal("port", "create", FixtureMachine.MAC, "--node", uuid);
        lab.baremetal("node", "manage", "cli-node", "--wait", "60");
        assertThat(state("cli-node")).isEqualTo("manageable");

        // In-band inspection: the machine "boots" the ramdisk, which posts its inventory to the conductor.
        lab.startAgentWhen("cli-node", "inspect wait", machine, "ipa-inspection-callback-url=" + lab.api()
                + "/v1/continue");
        lab.baremetal("node", "inspect", "cli-node", "--wait", "120");
        assertThat(state("cli-node")).isEqualTo("manageable");
        JsonNode properties = json.readTree(lab.baremetal("node", "show", "cli-node", "-f", "json", "-c",
                "properties")).path("properties");
        assertThat(properties.path("cpus").asInt()).as(properties.toString()).isEqualTo(1);
        assertThat(properties.path("memory_mb").asInt()).as(properties.toString()).isPositive();
        lab.stopAgent();
        lab.baremetal("node", "provide", "cli-node", "--wait", "60");
        assertThat(state("cli-node")).isEqualTo("available");
        lab.baremetal("node", "set", "cli-node", "--instance-info", "image_source=" + images.url("disk.img"),
                "--instance-info", "image_os_hash_algo=sha256", "--instance-info", "image_os_hash_value=" + sha256);

        // The fake power driver "boots" the machine: start the agent once the node waits for it.
        lab.startAgentWhen("cli-node", "wait call-back", machine, "");
        byte[] configDrive = ("config-2 " + "x".repeat(4000)).getBytes(StandardCharsets.US_ASCII);
        // A file given to --config-drive is sent as it is: Ironic expects it gzipped and base64-encoded.
        java.io.ByteArrayOutputStream gzipped = new java.io.ByteArrayOutputStream();
        try (var gzip = new java.util.zip.GZIPOutputStream(gzipped)) {
            gzip.write(configDrive);
        }
        Path drive = Files.writeString(temp.resolve("configdrive.b64"),
                java.util.Base64.getEncoder().encodeToString(gzipped.toByteArray()));
        lab.baremetal("node", "deploy", "cli-node", "--config-drive", drive.toString(), "--wait", "180");
        lab.agent();
        assertThat(state("cli-node")).isEqualTo("active");
        assertThat(machine.diskHead(image.length)).as("image data after the partition table")
                .endsWith(Arrays.copyOfRange(image, MIB, image.length));
        assertThat(Arrays.copyOf(CliLab.secondPartition(machine.disk()), configDrive.length))
                .as("config drive contents").isEqualTo(configDrive);

        lab.baremetal("node", "undeploy", "cli-node", "--wait", "120");
        assertThat(state("cli-node")).isEqualTo("available");
        lab.baremetal("node", "delete", "cli-node");
        assertThat(lab.baremetal("node", "list", "-f", "value", "-c", "Name")).doesNotContain("cli-node");
    }
}
