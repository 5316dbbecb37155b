package dev.ferrum.integration.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ferrum.conductor.api.ApiAuth;
import dev.ferrum.conductor.cli.ConductorServer;
import dev.ferrum.conductor.cli.ConductorSettings;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The stock {@code baremetal} CLI (Debian's python3-ironicclient) pointed at one conductor without
 * authentication, as the CLI tests drive it: each run is a fresh process with no {@code OS_*} variables from
 * the environment, and its output and exit status are returned.
 */
final class BaremetalCli {
    private static final Path CLI = Path.of("/usr/bin/baremetal");

    /** What a run printed (stdout and stderr together) and how it exited. */
    record Run(int exit, String output) {
    }

    private final String endpoint;
    private final Duration timeout;
    private final List<String> auth;

    BaremetalCli(String endpoint, Duration timeout) {
        this(endpoint, timeout, List.of("--os-auth-type", "none"));
    }

    /** A CLI authenticating with {@code auth} (e.g. {@code --os-auth-type http_basic --os-username …}). */
    BaremetalCli(String endpoint, Duration timeout, List<String> auth) {
        this.endpoint = endpoint;
        this.timeout = timeout;
        this.auth = List.copyOf(auth);
    }

    /**
     * A no-auth conductor on a free loopback port with its data under {@code dir}, as the CLI tests drive it;
     * {@code automatedClean} decides whether provide cleans. Close it when done.
     */
    static ConductorServer startConductor(Path dir, boolean automatedClean) throws IOException {
        return startConductor(dir, automatedClean, new ApiAuth.NoAuth());
    }

    /** As {@link #startConductor(Path, boolean)}, with {@code auth} guarding the API. */
    static ConductorServer startConductor(Path dir, boolean automatedClean, ApiAuth auth) throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        String api = "http://127.0.0.1:" + port;
        return ConductorServer.start(new ConductorSettings("127.0.0.1", port, URI.create(api), dir.resolve("data"),
                Optional.empty(), auth, dir.resolve("boot"), automatedClean, "cli-conductor",
                Duration.ofSeconds(5), Duration.ofSeconds(10)));
    }

    /** The API endpoint of a conductor {@link #startConductor} started. */
    static String endpoint(ConductorServer conductor) {
        return "http://127.0.0.1:" + conductor.port();
    }

    /** Fails under CI when the CLI is missing (CI installs it); elsewhere skips the test, saying why. */
    static void requireInstalled() {
        boolean installed = Files.isExecutable(CLI);
        if ("true".equals(System.getenv("CI"))) {
            assertThat(installed).as("CI installs python3-ironicclient (integration/src/test/scripts/install-ironic.sh)")
                    .isTrue();
        }
        assumeTrue(installed, "the baremetal CLI is not installed; run integration/src/test/scripts/install-ironic.sh");
    }

    Run run(String... args) throws Exception {
        List<String> argv = new ArrayList<>(List.of("/usr/bin/python3", CLI.toString(), "--os-endpoint", endpoint));
        argv.addAll(auth);
        argv.addAll(Arrays.asList(args));
        ProcessBuilder builder = new ProcessBuilder(argv).redirectErrorStream(true);
        builder.environment().keySet().removeIf(name -> name.startsWith("OS_"));
        Process process = builder.start();
        try {
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS))
                    .as("baremetal " + String.join(" ", args) + " finished").isTrue();
            return new Run(process.exitValue(), output);
        } finally {
            process.destroyForcibly();
        }
    }
}
