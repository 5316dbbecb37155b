package dev.ferrum.integration.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.cli.ConductorServer;
import dev.ferrum.integration.machine.AgentProcess;
import dev.ferrum.integration.machine.FixtureMachine;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
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

    private final AtomicReference<Exception> starterFailure = new AtomicReference<>();
    private ConductorServer conductor;
    private volatile AgentProcess agent;
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
    }

    private String baremetal(String... args) throws Exception {
        BaremetalCli.Run run = new BaremetalCli(api, Duration.ofMinutes(5)).run(args);
        assertThat(run.exit()).as("baremetal " + String.join(" ", args) + ":\n" + run.output()
                + (agent == null ? "" : "\n--- agent log:\n" + agent.log())).isZero();
        return run.output();
    }

    private String field(String name) throws Exception {
        return baremetal("node", "show", "rescue-node", "-f", "value", "-c", name).strip();
    }

    @Test
    void rescueSetsRootsPasswordInTheRamdiskAndUnrescueReturnsToActive() throws Exception {
        BaremetalCli.requireInstalled();
        FixtureMachine machine = FixtureMachine.create(temp.resolve("machine"), new byte[512]);
        conductor = BaremetalCli.startConductor(temp, false);
        api = BaremetalCli.endpoint(conductor);
        String uuid = baremetal("node", "create", "--driver", "fake-hardware", "--deploy-interface", "fake",
                "--rescue-interface", "agent", "--driver-info", "deploy_kernel=http://127.0.0.1/k", "--driver-info",
                "deploy_ramdisk=http://127.0.0.1/r", "--name", "rescue-node", "-f", "value", "-c", "uuid").strip();
        baremetal("port", "create", FixtureMachine.MAC, "--node", uuid);
        baremetal("node", "manage", "rescue-node", "--wait", "60");
        baremetal("node", "provide", "rescue-node", "--wait", "60");
        baremetal("node", "deploy", "rescue-node", "--wait", "60");
        starter = Thread.ofVirtual().start(() -> {
            try {
                while (!Thread.currentThread().isInterrupted() && !"rescue wait".equals(field("provision_state"))) {
                    Thread.sleep(300);
                }
                agent = AgentProcess.start(machine, api, temp.resolve("agent.log"), "");
            } catch (InterruptedException stopped) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                starterFailure.set(e);
            }
        });

        baremetal("--os-baremetal-api-version", "1.38", "node", "rescue", "rescue-node", "--rescue-password", PASSWORD,
                "--wait", "180");

        assertThat(starterFailure.get()).isNull();
        assertThat(field("provision_state")).isEqualTo("rescue");
        String shadow = Files.readString(machine.root().resolve("etc/shadow"), StandardCharsets.UTF_8);
        assertThat(shadow).startsWith("root:$5$");
        String hash = shadow.split(":")[1];
        assertThat(Sha2Crypt.sha256Crypt(PASSWORD.getBytes(StandardCharsets.UTF_8), hash)).isEqualTo(hash);
        assertThat(machine.root().resolve("etc/.rescued")).exists();
        assertThat(agent.log()).doesNotContain(PASSWORD).doesNotContain(hash);
        assertThat(field("instance_info")).doesNotContain("rescue_password");

        baremetal("--os-baremetal-api-version", "1.38", "node", "unrescue", "rescue-node", "--wait", "60");
        assertThat(field("provision_state")).isEqualTo("active");
    }
}
