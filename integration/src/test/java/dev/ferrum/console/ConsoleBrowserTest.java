package dev.ferrum.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import at.favre.lib.crypto.bcrypt.BCrypt;
import dev.ferrum.conductor.api.ApiAuth;
import dev.ferrum.conductor.auth.UserDirectory;
import dev.ferrum.conductor.cli.ConductorServer;
import dev.ferrum.conductor.cli.ConductorSettings;
import dev.ferrum.sandbox.FileServer;
import dev.ferrum.sandbox.Sandbox;
import dev.ferrum.sandbox.SandboxSettings;
import dev.ferrum.sandbox.flow.FleetProvisioner;
import dev.ferrum.sandbox.flow.SampleDeployment;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web console at /console in a real browser: Debian's Chromium, driven by playwright-core from
 * the console module's {@code e2e/console.e2e.mjs}, against a sandbox of three deployed machines. The
 * script checks the fleet table, a confirmed undeploy and a deploy from the console whose progress bar
 * moves until {@code active}, a failed deploy's last_error and timeline entry, the comparison and the
 * network view; and, against a conductor that wants a token or (http_basic) a user and password, that the console
 * asks for them, shows nothing without them, and sends them with every call, the event stream included.
 * Screenshots land in {@code target/console-screenshots}
 * ({@code scripts/console-screenshot.sh} copies one into the README). CI installs chromium
 * (.ci/run); elsewhere the test skips, saying so, when Chromium or Node.js is missing.
 */
class ConsoleBrowserTest {
    private static final Path CHROMIUM = Path.of(System.getenv().getOrDefault("FERRUM_TEST_CHROMIUM", "/usr/bin/chromium"));
    private static final Path NODE = Path.of("/usr/bin/node");
    private static final int MACHINES = 3;
    private static final String TOKEN = "console-s3cret";
    private static final Path SHOTS = Path.of("target/console-screenshots").toAbsolutePath();

    private Sandbox sandbox;
    private FileServer slowImages;

    @TempDir
    Path temp;

    @AfterEach
    void stop() {
        if (slowImages != null) {
            slowImages.close();
        }
        if (sandbox != null) {
            sandbox.close();
        }
    }

    @Test
    void theConsoleFollowsTheFleetInABrowser() throws Exception {
        Path console = consoleDir();
        sandbox = Sandbox.start(new SandboxSettings(MACHINES, 0, temp.resolve("data"), 2 << 20));
        List<FleetProvisioner.Outcome> outcomes = sandbox.provision(
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), false);
        assertThat(outcomes).allMatch(FleetProvisioner.Outcome::succeeded);
        SampleDeployment image = sandbox.deployment();
        // The console's own deploys fetch the same image from a slow server: a sandbox deploy of a 2 MiB image
        // is over in about a second, quicker than the page repaints (at most every 400 ms), so the bar would
        // show one state or two depending on the machine's speed. Three seconds of download is a deploy a
        // person (and the check) can watch move.
        byte[] bytes = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(image.imageUrl())).build(),
                HttpResponse.BodyHandlers.ofByteArray()).body();
        slowImages = new FileServer(Map.of("disk.raw", bytes), Duration.ofMillis(100));

        String output = run(console, "console.e2e.mjs", Map.of("CONSOLE_API", sandbox.api().toString(),
                "IMAGE_URL", slowImages.url("disk.raw"), "IMAGE_SHA256", image.sha256(),
                "MACHINES", Integer.toString(MACHINES)));

        assertThat(output).as(output).contains("7 passed, 0 failed");
        for (String name : List.of("fleet", "fleet-deploying", "node", "node-failed", "fleet-final", "compare", "network")) {
            assertThat(SHOTS.resolve(name + ".png")).as("screenshot " + name).isNotEmptyFile();
        }
    }

    @Test
    void withTokenAuthTheConsoleAsksForTheTokenAndSendsIt() throws Exception {
        Path console = consoleDir();
        var settings = new ConductorSettings("127.0.0.1", 0, URI.create("http://127.0.0.1:6385"), temp.resolve("data"),
                Optional.empty(), new ApiAuth.Tokens(List.of(TOKEN)), temp.resolve("boot"), true, "console-auth",
                Duration.ofSeconds(1), Duration.ofSeconds(5));
        try (ConductorServer conductor = ConductorServer.start(settings)) {
            String api = "http://127.0.0.1:" + conductor.port();
            HttpResponse<String> created = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(api + "/v1/nodes"))
                    .header("X-Auth-Token", TOKEN).header("Content-Type", "application/json")
                    .header("X-OpenStack-Ironic-API-Version", "latest")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"driver\": \"fake-hardware\", \"name\": \"rack1-u1\"}"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);

            String output = run(console, "login.e2e.mjs", Map.of("CONSOLE_API", api, "TOKEN", TOKEN,
                    "NODE_NAME", "rack1-u1"));

            assertThat(output).as(output).contains("3 passed, 0 failed");
        }
    }

    @Test
    void withHttpBasicTheConsoleSignsInAndFollowsTheStreamAsTheUser() throws Exception {
        Path console = consoleDir();
        String password = "console-basic-pass";
        Path users = Files.writeString(temp.resolve("htpasswd"), "erin:" + BCrypt.with(BCrypt.Version.VERSION_2Y)
                .hashToString(4, password.toCharArray()) + "\n");
        Path roles = Files.writeString(temp.resolve("roles"), "erin system admin\n");
        var settings = new ConductorSettings("127.0.0.1", 0, URI.create("http://127.0.0.1:6385"), temp.resolve("data"),
                Optional.empty(), new ApiAuth.HttpBasic(new UserDirectory(users, roles)), temp.resolve("boot"), true,
                "console-basic", Duration.ofSeconds(1), Duration.ofSeconds(5));
        try (ConductorServer conductor = ConductorServer.start(settings)) {
            String api = "http://127.0.0.1:" + conductor.port();
            String basic = "Basic " + java.util.Base64.getEncoder().encodeToString(("erin:" + password)
                    .getBytes(StandardCharsets.UTF_8));
            HttpResponse<String> created = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(api + "/v1/nodes"))
                    .header("Authorization", basic).header("Content-Type", "application/json")
                    .header("X-OpenStack-Ironic-API-Version", "latest")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"driver\": \"fake-hardware\", \"name\": \"rack2-u7\"}"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);

            String output = run(console, "basic.e2e.mjs", Map.of("CONSOLE_API", api, "USER_NAME", "erin",
                    "PASSWORD", password, "NODE_NAME", "rack2-u7"));

            assertThat(output).as(output).contains("3 passed, 0 failed");
            assertThat(SHOTS.resolve("basic-fleet.png")).isNotEmptyFile();
        }
    }

    /** The console module, once Chromium, Node.js and its node_modules are there; skips (fails in CI) otherwise. */
    private static Path consoleDir() {
        Path console = Path.of(System.getProperty("ferrum.consoleDir", "../console")).toAbsolutePath().normalize();
        boolean ready = Files.isExecutable(CHROMIUM) && Files.isExecutable(NODE)
                && Files.isDirectory(console.resolve("node_modules/playwright-core"));
        if ("true".equals(System.getenv("CI"))) {
            assertThat(ready).as("CI installs chromium (.ci/run); the console module's build runs npm ci").isTrue();
        }
        assumeTrue(ready, "needs " + CHROMIUM + " (apt-get install chromium), " + NODE
                + " and console/node_modules (built by the console module)");
        return console;
    }

    /** Runs {@code e2e/<script>} with node in the console module, screenshots to {@link #SHOTS}; returns its output. */
    private static String run(Path console, String script, Map<String, String> environment)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(NODE.toString(), console.resolve("e2e").resolve(script).toString())
                .directory(console.toFile()).redirectErrorStream(true);
        builder.environment().putAll(environment);
        builder.environment().put("SHOTS", SHOTS.toString());
        builder.environment().put("CHROMIUM", CHROMIUM.toString());
        return run(builder);
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
