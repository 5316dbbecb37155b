package dev.ferrum.integration.ironic;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.integration.machine.AgentProcess;
import dev.ferrum.integration.machine.FixtureMachine;
import dev.ferrum.integration.restart.ConductorProcess;
import dev.ferrum.sandbox.FileServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Not a test (surefire's default includes skip it): the measurement behind {@code bench/deploy-e2e.sh}, whose header
 * states the method. One whole-disk raw image deploy, timed from the agent process's start to the node's
 * {@code active}, under (a) Ferrum's conductor and (b) a real Ironic ({@link IronicService}'s settings), both with
 * Ferrum's agent on a fresh {@link FixtureMachine}, the same image over the same loopback file server, the same
 * node definition and the same API client; the two alternate, run by run. Writes {@code target/deploy-e2e-bench.txt}.
 */
@Tag("bench")
class DeployEndToEndBenchmark {
    private static final Duration QUICK = Duration.ofSeconds(60);
    private static final Duration AGENT_FLOW = Duration.ofSeconds(240);
    private static final Duration POLL = Duration.ofMillis(100);
    /** Where the conductors' and agents' logs are kept for reading after the run (the temp dir goes). */
    private static final Path LOGS = Path.of("target", "deploy-e2e-logs");

    @TempDir
    Path temp;


    /**
     * A conductor under test: its name in the report, its API, its log's last lines for failures, and the class
     * path its agents run on.
     */
    private record Side(String name, String apiUrl, IronicApi api, java.util.function.IntFunction<String> logTail,
                        String agentClassPath) {
    }

    /** One timed deploy: seconds from agent start to active, and when each state or deploy step was first seen. */
    private record Run(double seconds, String timeline) {
    }

    @Test
    void timesAgentStartToActiveUnderFerrumAndUnderIronic() throws Exception {
        Assumptions.assumeTrue(IronicService.installed(), IronicService.IRONIC
                + " is not installed; run integration/src/test/scripts/install-ironic.sh as root");
        int runs = Integer.getInteger("ferrum.bench.runs", 5);
        int imageBytes = Integer.getInteger("ferrum.bench.imageMiB", 32) << 20;
        String beforeClasses = System.getProperty("ferrum.bench.beforeClasses", "");
        String beforeAgentClasses = System.getProperty("ferrum.bench.beforeAgentClasses", "");
        String classPath = System.getProperty("java.class.path");
        byte[] image = new byte[imageBytes];
        new Random(20261127L).nextBytes(image);
        String sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(image));
        StringBuilder report = new StringBuilder();
        Files.createDirectories(LOGS);
        List<AutoCloseable> started = new ArrayList<>();
        try (FileServer images = new FileServer(Map.of("disk.raw", image, "deploy.kernel", ascii("kernel"),
                "deploy.initramfs", ascii("initramfs")))) {
            IronicService ironic = IronicService.start(Files.createDirectories(temp.resolve("ironic")), QUICK);
            started.add(ironic);
            List<Side> sides = new ArrayList<>(List.of(startFerrum("ferrum", classPath, classPath, started)));
            if (!beforeClasses.isBlank()) {
                // The earlier commit's conductor classes first: they shadow this checkout's, libraries shared.
                // Its agents likewise run the earlier commit's agent classes when given (else this checkout's).
                sides.add(startFerrum("before", beforeClasses + java.io.File.pathSeparator + classPath,
                        beforeAgentClasses.isBlank() ? classPath : beforeAgentClasses + java.io.File.pathSeparator
                                + classPath, started));
            }
            sides.add(new Side("ironic", ironic.apiUrl(), new IronicApi(ironic.apiUrl()), ironic::logTail, classPath));
            Map<String, List<Run>> results = new java.util.LinkedHashMap<>();
            sides.forEach(side -> results.put(side.name(), new ArrayList<>()));
            for (int run = 1; run <= runs; run++) {
                // Rotate who goes first, so a burst of load elsewhere falls on every side alike.
                List<Side> order = new ArrayList<>(sides);
                java.util.Collections.rotate(order, run - 1);
                for (Side side : order) {
                    Run timed = deploy(side, run, images, image, sha256);
                    results.get(side.name()).add(timed);
                    String line = "run %d %-6s %6.2f s  %s%n".formatted(run, side.name(), timed.seconds(), timed.timeline());
                    report.append(line);
                    // Also at once (into surefire's output file): a run that fails later keeps the deploys it timed.
                    System.out.print(line);
                }
            }
            double ironicMedian = median(results.get("ironic"));
            report.append("image %d MiB raw, sha256; medians of %d runs:".formatted(imageBytes >> 20, runs));
            results.forEach((name, timed) -> report.append(" %s %.2f s;".formatted(name, median(timed))));
            report.append("%n".formatted());
            results.forEach((name, timed) -> report.append(
                    "  %s / ironic %.2f, / real IPA+Ironic's 11.6 s %.2f%n".formatted(name, median(timed) / ironicMedian,
                            median(timed) / 11.6)));
        } finally {
            for (AutoCloseable process : started.reversed()) {
                process.close();
            }
            Path ironicLog = temp.resolve("ironic/ironic.log");
            if (Files.exists(ironicLog)) {
                Files.copy(ironicLog, LOGS.resolve("ironic.log"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        System.out.print(report);
        Files.writeString(Path.of("target", "deploy-e2e-bench.txt"), report);
    }

    private Side startFerrum(String name, String classPath, String agentClassPath, List<AutoCloseable> started)
            throws IOException, InterruptedException {
        int port = freeLoopbackPort();
        Path data = Files.createDirectories(temp.resolve(name));
        ConductorProcess conductor = ConductorProcess.start(data, port, fresh(LOGS.resolve(name + ".log")),
                "bench-" + name, 10, List.of(), classPath);
        started.add(conductor);
        String url = "http://127.0.0.1:" + port;
        return new Side(name, url, new IronicApi(url), lines -> tail(conductor.log(), lines), agentClassPath);
    }

    /** Enrolls a node, makes it available and starts the deploy (untimed), then times agent start to active. */
    private Run deploy(Side side, int run, FileServer images, byte[] image, String sha256) throws Exception {
        IronicApi api = side.api();
        java.util.function.Supplier<String> logs = () -> "--- " + side.name() + " log (tail):\n" + side.logTail().apply(40);
        String mac = "02:fc:00:00:%02x:%02x".formatted(side.name().hashCode() & 0xff, run);
        Path root = Files.createDirectories(temp.resolve(side.name() + "-" + run));
        FixtureMachine machine = FixtureMachine.create(root.resolve("machine"), new byte[0], mac);
        // IronicInteropTest's node, which both conductors deploy the same way.
        ObjectNode node = IronicInteropTest.enrollableNode(api, side.name() + "-" + run, images);
        node.putObject("instance_info").put("image_source", images.url("disk.raw")).put("image_disk_format", "raw")
                .put("image_os_hash_algo", "sha256").put("image_os_hash_value", sha256);
        String uuid = api.createNode(node);
        api.createPort(uuid, mac);
        api.provision(uuid, api.object().put("target", "manage"));
        api.awaitState(uuid, "manageable", QUICK, logs);
        api.provision(uuid, api.object().put("target", "provide"));
        api.awaitState(uuid, "available", QUICK, logs);
        api.provision(uuid, api.object().put("target", "active"));
        // Fake power "boots" nothing: the agent starts once the conductor waits for it, as a ramdisk would.
        api.awaitState(uuid, "wait call-back", QUICK, logs);

        StateTimeline timeline = new StateTimeline();
        long started = System.nanoTime();
        try (AgentProcess agent = AgentProcess.start(machine, side.apiUrl(),
                fresh(LOGS.resolve(side.name() + "-" + run + "-agent.log")), "", side.agentClassPath())) {
            JsonNode active = api.awaitState(uuid, "active", AGENT_FLOW, POLL,
                    () -> logs.get() + "\n--- agent log:\n" + agent.log(), polled -> timeline.saw(polled, started));
            double seconds = (System.nanoTime() - started) / 1e9;
            assertThat(active.path("last_error").isNull()).as("%s: last_error %s", side.name(), active.path("last_error"))
                    .isTrue();
            assertThat(machine.diskHead(image.length)).as("%s: the disk holds the image", side.name()).isEqualTo(image);
            return new Run(seconds, timeline.toString());
        }
    }

    /** When each (provision state, deploy step) was first polled, in seconds since the agent started. */
    private static final class StateTimeline {
        private final StringBuilder seen = new StringBuilder();
        private String last = "";

        void saw(JsonNode node, long startedNanos) {
            String step = node.path("deploy_step").path("step").asText("");
            String now = node.path("provision_state").asText() + (step.isEmpty() ? "" : "/" + step);
            if (!now.equals(last)) {
                seen.append("%.1f %s; ".formatted((System.nanoTime() - startedNanos) / 1e9, now));
                last = now;
            }
        }

        @Override
        public String toString() {
            return seen.toString();
        }
    }

    private static double median(List<Run> runs) {
        List<Double> sorted = runs.stream().map(Run::seconds).sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static String tail(String text, int lines) {
        List<String> all = text.lines().toList();
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    private static Path fresh(Path log) throws IOException {
        Files.deleteIfExists(log);
        return log;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    private static int freeLoopbackPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
