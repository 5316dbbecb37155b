package dev.ferrum.integration.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.integration.machine.FixtureMachine;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.codec.digest.Sha2Crypt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's {@code baremetal node rescue --rescue-password ...} and {@code unrescue}: the stock CLI, the
 * real conductor and Ferrum's real agent on a relocated machine root, whose {@code etc/shadow} gets root's hash.
 */
class BaremetalRescueCliTest {
    private static final String PASSWORD = "correct horse battery";

    private CliLab lab;

    @TempDir
    Path temp;

    @AfterEach
    void stop() throws InterruptedException {
        if (lab != null) {
            lab.close();
        }
    }

    private String field(String name) throws Exception {
        return lab.field("rescue-node", name);
    }

    @Test
    void rescueSetsRootsPasswordInTheRamdiskAndUnrescueReturnsToActive() throws Exception {
        lab = CliLab.start(temp);
        FixtureMachine machine = FixtureMachine.create(temp.resolve("machine"), new byte[512]);
        String uuid = lab.baremetal("node", "create", "--driver", "fake-hardware", "--deploy-interface", "fake",
                "--rescue-interface", "agent", "--driver-info", "deploy_kernel=http://127.0.0.1/k", "--driver-info",
                "deploy_ramdisk=http://127.0.0.1/r", "--name", "rescue-node", "-f", "value", "-c", "uuid").strip();
        lab.baremetal("port", "create", FixtureMachine.MAC, "--node", uuid);
        lab.baremetal("node", "manage", "rescue-node", "--wait", "60");
        lab.baremetal("node", "provide", "rescue-node", "--wait", "60");
        lab.baremetal("node", "deploy", "rescue-node", "--wait", "60");
        lab.startAgentWhen("rescue-node", "rescue wait", machine, "");

        lab.baremetal("--os-baremetal-api-version", "1.38", "node", "rescue", "rescue-node", "--rescue-password",
                PASSWORD, "--wait", "180");

        String log = lab.agent().log();
        assertThat(field("provision_state")).isEqualTo("rescue");
        String shadow = Files.readString(machine.root().resolve("etc/shadow"), StandardCharsets.UTF_8);
        assertThat(shadow).startsWith("root:$5$");
        String hash = shadow.split(":")[1];
        assertThat(Sha2Crypt.sha256Crypt(PASSWORD.getBytes(StandardCharsets.UTF_8), hash)).isEqualTo(hash);
        assertThat(machine.root().resolve("etc/.rescued")).exists();
        assertThat(log).doesNotContain(PASSWORD).doesNotContain(hash);
        assertThat(field("instance_info")).doesNotContain("rescue_password");

        lab.baremetal("--os-baremetal-api-version", "1.38", "node", "unrescue", "rescue-node", "--wait", "60");
        assertThat(field("provision_state")).isEqualTo("active");
    }
}
