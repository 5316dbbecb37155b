package dev.ferrum.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ferrum.sandbox.Sandbox;
import dev.ferrum.sandbox.SandboxSettings;
import dev.ferrum.sandbox.flow.FleetProvisioner;
import dev.ferrum.sandbox.flow.SampleDeployment;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web console at /console in a real browser: Debian's Chromium, driven by playwright-core from
 * the console module's {@code e2e/console.e2e.mjs}, against a sandbox of three deployed machines. The
 * script checks the fleet table, a confirmed undeploy and a deploy from the console whose progress bar
 * moves until {@code active}, a failed deploy's last_error and timeline entry, the comparison and the
 * network view. Screenshots land in {@code target/console-screenshots}
 * ({@code scripts/console-screenshot.sh} copies one into the README). CI installs chromium
 * (.ci/run); elsewhere the test skips, saying so, when Chromium or Node.js is missing.
 */
class ConsoleBrowserTest {
    private static final Path CHROMIUM = Path.of(System.getenv().getOrDefault("FERRUM_TEST_CHROMIUM", "/usr/bin/chromium"));
    private static final Path NODE = Path.of("/usr/bin/node");
    private static final int MACHINES = 3;

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
    void theConsoleFollowsTheFleetInABrowser() throws Exception {
        Path console = Path.of(System.getProperty("ferrum.consoleDir", "../console")).toAbsolutePath().normalize();
        Path script = console.resolve("e2e/console.e2e.mjs");
        boolean ready = Files.isExecutable(CHROMIUM) && Files.isExecutable(NODE)
                && Files.isDirectory(console.resolve("node_modules/playwright-core"));
        if ("true".equals(System.getenv("CI"))) {
            assertThat(ready).as("CI installs chromium (.ci/run); the console module's build runs npm ci").isTrue();
        }
        assumeTrue(ready, "needs " + CHROMIUM + " (apt-get install chromium), " + NODE
                + " and console/node_modules (built by the console module)");

        sandbox = Sandbox.start(new SandboxSettings(MACHINES, 0, temp.resolve("data"), 2 << 20));
        List<FleetProvisioner.Outcome> outcomes = sandbox.provision(
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), false);
        assertThat(outcomes).allMatch(FleetProvisioner.Outcome::succeeded);
        SampleDeployment image = sandbox.deployment();
        Path shots = Path.of("target/console-screenshots").toAbsolutePath();

        ProcessBuilder builder = new ProcessBuilder(NODE.toString(), script.toString())
                .directory(console.toFile()).redirectErrorStream(true);
        builder.environment().put("CONSOLE_API", sandbox.api().toString());
        builder.environment().put("IMAGE_URL", image.imageUrl());
        builder.environment().put("IMAGE_SHA256", image.sha256());
        builder.environment().put("MACHINES", Integer.toString(MACHINES));
        builder.environment().put("SHOTS", shots.toString());
        builder.environment().put("CHROMIUM", CHROMIUM.toString());
        String output = run(builder);

        assertThat(output).as(output).contains("7 passed, 0 failed");
        for (String name : List.of("fleet", "fleet-deploying", "node", "node-failed", "fleet-final", "compare", "network")) {
            assertThat(shots.resolve(name + ".png")).as("screenshot " + name).isNotEmptyFile();
        }
    }

    private static String run(ProcessBuilder builder) throws IOException, InterruptedException {
        Process process = builder.start();
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            Thread reader = Thread.ofVirtual().start(() -> {
                try {
                    process.getInputStream().transferTo(out);
                } catch (IOException e) {
                    // The process was ended: what was read is reported.
                }
            });
            boolean finished = process.waitFor(10, TimeUnit.MINUTES);
            reader.join(5_000);
            String output = out.toString(StandardCharsets.UTF_8);
            System.out.println(output);
            assertThat(finished).as("the browser script finished within 10 minutes:\n" + output).isTrue();
            assertThat(process.exitValue()).as("the browser script:\n" + output).isZero();
            return output;
        } finally {
            process.destroyForcibly();
        }
    }
}
