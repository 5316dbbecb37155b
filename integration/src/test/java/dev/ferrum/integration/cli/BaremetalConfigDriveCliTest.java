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
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code baremetal node deploy --config-drive '{"meta_data": ...}'}, the README's command: the
 * conductor builds the ISO 9660 drive, Ferrum's real agent writes it after the image, and the
 * partition it added reads back (isoinfo) with the label and files cloud-init looks for.
 */
class BaremetalConfigDriveCliTest {
    private static final int MIB = 1 << 20;
    private static final String DRIVE = "{\"meta_data\": {\"hostname\": \"web-1\"}, \"user_data\": \"#cloud-config\\n\","
            + " \"network_data\": {\"links\": [], \"networks\": [], \"services\": []}}";

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

    @Test
    void aJsonConfigDriveFromTheCliLandsAsAnIsoAfterTheImage() throws Exception {
        lab = CliLab.start(temp);
        byte[] image = CliLab.mbrImage(9);
        String sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(image));
        images = new FileServer(Map.of("disk.img", image));
        FixtureMachine machine = FixtureMachine.create(temp.resolve("machine"), new byte[512]);

        String uuid = json.readTree(lab.baremetal("node", "create", "--driver", "fake-hardware", "--deploy-interface",
                "direct", "--name", "cd-node", "-f", "json")).path("uuid").asText();
        lab.baremetal("port", "create", FixtureMachine.MAC, "--node", uuid);
        lab.baremetal("node", "manage", "cd-node", "--wait", "60");
        lab.baremetal("node", "provide", "cd-node", "--wait", "60");
        lab.baremetal("node", "set", "cd-node", "--instance-info", "image_source=" + images.url("disk.img"),
                "--instance-info", "image_os_hash_algo=sha256", "--instance-info", "image_os_hash_value=" + sha256);
        lab.startAgentWhen("cd-node", "wait call-back", machine, "");

        lab.baremetal("node", "deploy", "cd-node", "--config-drive", DRIVE, "--wait", "180");

        lab.agent();
        assertThat(lab.field("cd-node", "provision_state")).isEqualTo("active");
        byte[] drive = CliLab.secondPartition(machine.disk());
        assertThat(new String(drive, 16 * 2048 + 1, 5, StandardCharsets.US_ASCII)).isEqualTo("CD001");
        assertThat(new String(drive, 16 * 2048 + 40, 8, StandardCharsets.US_ASCII)).isEqualTo("config-2");
        Path iso = Files.write(temp.resolve("partition2.iso"), drive);
        JsonNode meta = json.readTree(isoinfo(iso, "/openstack/latest/meta_data.json"));
        assertThat(meta.path("uuid").asText()).isEqualTo(uuid);
        assertThat(meta.path("name").asText()).isEqualTo("cd-node");
        assertThat(meta.path("hostname").asText()).isEqualTo("web-1");
        assertThat(new String(isoinfo(iso, "/openstack/latest/user_data"), StandardCharsets.UTF_8))
                .isEqualTo("#cloud-config\n");
        assertThat(json.readTree(isoinfo(iso, "/openstack/2012-08-10/network_data.json")))
                .isEqualTo(json.readTree(DRIVE).path("network_data"));
    }

    /** A file of the ISO by its Rock Ridge name, read by genisoimage's isoinfo (skipped without it, off CI). */
    private static byte[] isoinfo(Path iso, String path) throws Exception {
        Path tool = Path.of("/usr/bin/isoinfo");
        if ("true".equals(System.getenv("CI"))) {
            assertThat(Files.isExecutable(tool)).as("CI installs genisoimage (.ci/run)").isTrue();
        }
        Assumptions.assumeTrue(Files.isExecutable(tool),
                "isoinfo not installed (apt-get install genisoimage): reading the written drive back skipped");
        Process process = new ProcessBuilder(List.of(tool.toString(), "-R", "-i", iso.toString(), "-x", path))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] out = process.getInputStream().readAllBytes();
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as("isoinfo -x " + path).isZero();
        return out;
    }
}
