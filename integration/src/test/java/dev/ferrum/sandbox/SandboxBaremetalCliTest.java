package dev.ferrum.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ferrum.sandbox.flow.FleetProvisioner;
import dev.ferrum.sandbox.flow.SampleDeployment;
import dev.ferrum.sandbox.machine.SimulatedMachine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stock {@code baremetal} CLI against a sandbox, exactly as the sandbox tells operators to use
 * it ({@code OS_ENDPOINT}, {@code OS_AUTH_TYPE=none}): list, then take a deployed machine round
 * again with the printed undeploy / set / deploy commands. CI installs the CLI
 * (integration/src/test/scripts/install-ironic.sh); {@code FERRUM_TEST_BAREMETAL} may name another copy.
 */
class SandboxBaremetalCliTest {
    private static final Path CLI = Optional.ofNullable(System.getenv("FERRUM_TEST_BAREMETAL")).map(Path::of)
            .orElse(Path.of("/usr/bin/baremetal"));

    private Sandbox sandbox;

    @TempDir
    Path temp;

    @AfterEach
    void stop() {
        if (sandbox != null) {
            sandbox.close();
        }
    }

    @Test
    void thePrintedCommandsWork() throws Exception {
        boolean installed = Files.isRegularFile(CLI);
        if ("true".equals(System.getenv("CI"))) {
            assertThat(installed).as("CI installs python3-ironicclient (integration/src/test/scripts/install-ironic.sh)")
                    .isTrue();
        }
        assumeTrue(installed, "the baremetal CLI is not installed; run integration/src/test/scripts/install-ironic.sh");

        sandbox = Sandbox.start(new SandboxSettings(1, 0, temp.resolve("data"), 2 << 20));
        List<FleetProvisioner.Outcome> outcomes = sandbox.provision(
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), false);
        assertThat(outcomes).allMatch(FleetProvisioner.Outcome::succeeded);
        SampleDeployment image = sandbox.deployment();
        String printed = Instructions.text(sandbox.api(), outcomes, temp, false, image);

        assertThat(baremetal("node list -f value -c Name -c 'Provisioning State'").strip())
                .isEqualTo("sandbox-1 active");
        for (String command : List.of("node undeploy", "node set", "node deploy")) {
            String line = printed.lines().filter(l -> l.strip().startsWith("baremetal " + command)).findFirst()
                    .orElseThrow(() -> new AssertionError("no '" + command + "' in:\n" + printed));
            baremetal(line.strip().substring("baremetal ".length()));
            if (command.equals("node undeploy")) {
                assertThat(baremetal("node show sandbox-1 -f value -c provision_state").strip()).isEqualTo("available");
                assertThat(head(sandbox.machines().getFirst(), 512)).as("cleaning wiped the partition table")
                        .containsOnly(0);
            }
        }
        assertThat(baremetal("node show sandbox-1 -f value -c provision_state").strip()).isEqualTo("active");
        byte[] deployed = head(sandbox.machines().getFirst(), sandbox.image().bytes().length);
        assertThat(SampleImage.sha256(deployed)).as("the image is back on the disk").isEqualTo(image.sha256());
    }

    /** Runs {@code /usr/bin/python3 baremetal <arguments>} with the environment the sandbox prints. */
    private String baremetal(String arguments) throws Exception {
        List<String> argv = new ArrayList<>(List.of("/usr/bin/python3", CLI.toString()));
        // The printed commands are shell words without quoting beyond the one quoted column name.
        for (String word : arguments.split(" (?=(?:[^']*'[^']*')*[^']*$)")) {
            argv.add(word.replace("'", ""));
        }
        ProcessBuilder builder = new ProcessBuilder(argv).redirectErrorStream(true);
        builder.environment().keySet().removeIf(name -> name.startsWith("OS_"));
        builder.environment().put("OS_ENDPOINT", sandbox.api().toString());
        builder.environment().put("OS_AUTH_TYPE", "none");
        Process process = builder.start();
        try {
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("baremetal " + arguments + " finished").isTrue();
            assertThat(process.exitValue()).as("baremetal " + arguments + ":\n" + output).isZero();
            return output;
        } finally {
            process.destroyForcibly();
        }
    }

    private static byte[] head(SimulatedMachine machine, int length) throws IOException {
        try (RandomAccessFile disk = new RandomAccessFile(machine.root().disk().toFile(), "r")) {
            byte[] bytes = new byte[length];
            disk.readFully(bytes);
            return bytes;
        }
    }
}
