package dev.ferrum.integration.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Network;
import dev.ferrum.conductor.api.ApiAuth;
import dev.ferrum.conductor.cli.ConductorServer;
import dev.ferrum.conductor.cli.ConductorSettings;
import dev.ferrum.integration.machine.FixtureMachine;
import dev.ferrum.sandbox.FileServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.BindMode;
import org.testcontainers.containers.Container;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * Container nodes: Ferrum's conductor deploys an image to several machines at once, each machine
 * an agent container run from the image builder's rootfs. Each container gets a machine root
 * bind-mounted at {@code /machine} (sysfs/procfs describing one NIC and one disk, the disk a
 * sparse file) whose NIC address is the container's own eth0 MAC; the agent runs as /init would
 * start it, plus {@code --root /machine --file-disks}, and finds the conductor through the kernel
 * command line in the machine root. The conductor and the image server listen on the Docker
 * bridge's gateway address, which is where the containers reach the host.
 */
class ContainerNodesTest {
    private static final int NODES = 3;
    private static final String MACHINE_ROOT = "/machine";
    private static final Path LOGS = Path.of("target", "container-nodes");
    /** Marks this test's containers, so a run that was killed before its clean-up is cleaned up by the next. */
    private static final String LABEL = "dev.ferrum.test";
    private static final String LABEL_VALUE = "container-nodes";

    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();
    private final List<GenericContainer<?>> containers = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, GenericContainer<?>> containerOf = new ConcurrentHashMap<>();
    private ConductorServer conductor;
    private FileServer images;
    private String api;

    @TempDir
    Path temp;

    @AfterEach
    void stop() {
        // Every container, also when the test failed half-way; then the conductor.
        synchronized (containers) {
            containers.forEach(GenericContainer::stop);
        }
        if (conductor != null) {
            conductor.close();
        }
        if (images != null) {
            images.close();
        }
    }

    /** One node: its name, UUID, MAC and machine root. */
    private record NodeUnderTest(String name, String uuid, String mac, FixtureMachine machine) {
    }

    @Test
    void theConductorDeploysSeveralAgentContainersInParallel() throws Exception {
        deleteOldLogs();
        boolean docker = DockerClientFactory.instance().isDockerAvailable();
        if ("true".equals(System.getenv("CI"))) {
            assertThat(docker).as("CI starts a Docker engine (integration/src/test/scripts/start-test-docker.sh) and "
                    + "exports DOCKER_HOST").isTrue();
        }
        assumeTrue(docker, "no Docker engine answers (DOCKER_HOST=" + System.getenv("DOCKER_HOST") + "); start one with "
                + "integration/src/test/scripts/start-test-docker.sh and export the DOCKER_HOST it prints");
        DockerClient client = DockerClientFactory.instance().client();
        removeLeftovers(client);
        String dockerHost = DockerClientFactory.instance().getTransportConfig().getDockerHost().toString();
        Path agentDirectory = Path.of(System.getProperty("ferrum.agentDir", "../agent/target"));
        String imageName = AgentRootfsImage.ensure(client, dockerHost, agentDirectory, temp.resolve("image"));
        assertThat(client.inspectImageCmd(imageName).exec().getConfig().getEntrypoint())
                .as("the image runs the agent as /init does").containsExactlyElementsOf(AgentRootfsImage.ENTRYPOINT);
        InetAddress gateway = bridgeGateway(client);

        byte[] image = new byte[4 << 20];
        new Random(17).nextBytes(image);
        String sha256 = sha256(image);
        images = new FileServer(Map.of("disk.raw", image), gateway);
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, gateway)) {
            port = probe.getLocalPort();
        }
        api = "http://" + gateway.getHostAddress() + ":" + port;
        conductor = ConductorServer.start(new ConductorSettings(gateway.getHostAddress(), port, URI.create(api),
                temp.resolve("data"), Optional.empty(), new ApiAuth.NoAuth(), temp.resolve("boot"), false,
                "container-conductor", Duration.ofSeconds(5), Duration.ofSeconds(10)));

        List<NodeUnderTest> nodes = new ArrayList<>();
        for (int i = 1; i <= NODES; i++) {
            String name = "container-node-" + i;
            String mac = "02:fc:00:00:01:%02x".formatted(i);
            FixtureMachine machine = FixtureMachine.create(temp.resolve(name), new byte[512], mac);
            // The machine's kernel command line, as the PXE boot would have given it.
            Files.writeString(machine.root().resolve("proc/cmdline"), "ipa-api-url=" + api + " quiet\n");
            JsonNode created = call("POST", "/v1/nodes", json.writeValueAsString(Map.of("driver", "fake-hardware", "name", name,
                    "deploy_interface", "direct", "instance_info", Map.of("image_source", images.url("disk.raw"),
                            "image_os_hash_algo", "sha256", "image_os_hash_value", sha256, "image_disk_format", "raw"))), 201);
            String uuid = created.path("uuid").asText();
            call("POST", "/v1/ports", json.writeValueAsString(Map.of("address", mac, "node_uuid", uuid)), 201);
            nodes.add(new NodeUnderTest(name, uuid, mac, machine));
        }
        for (NodeUnderTest node : nodes) {
            provision(node, "manage");
        }
        for (NodeUnderTest node : nodes) {
            awaitState(node, "manageable", Duration.ofSeconds(30));
            provision(node, "provide");
        }
        for (NodeUnderTest node : nodes) {
            awaitState(node, "available", Duration.ofSeconds(30));
        }

        // All deploys at once; the fake power driver "boots" each machine: its agent container starts.
        for (NodeUnderTest node : nodes) {
            provision(node, "active");
        }
        try (ExecutorService boots = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> started = new ArrayList<>();
            for (NodeUnderTest node : nodes) {
                started.add(boots.submit(() -> {
                    awaitState(node, "wait call-back", Duration.ofSeconds(60));
                    boot(imageName, node);
                    return null;
                }));
            }
            for (Future<?> boot : started) {
                boot.get();
            }
        }
        for (NodeUnderTest node : nodes) {
            JsonNode deployed = awaitState(node, "active", Duration.ofMinutes(4));
            assertThat(deployed.path("last_error").isNull()).as(deployed.toString()).isTrue();
        }

        for (NodeUnderTest node : nodes) {
            assertThat(sha256(node.machine().diskHead(image.length))).as(node.name() + "'s disk holds the image").isEqualTo(sha256);
        }
        for (NodeUnderTest node : nodes) {
            // The agent looked the node up by the machine root's MAC: the container's real eth0 has it.
            GenericContainer<?> container = containerOf.get(node.name());
            assertThat(container.execInContainer("cat", "/sys/class/net/eth0/address").getStdout().strip())
                    .as(node.name() + "'s eth0").isEqualTo(node.mac());
        }
        assertStartsAsInitWould(containerOf.get(nodes.getFirst().name()));
    }

    /** Starts the node's agent container: the image's entry point (/init's agent command), the machine root, file-backed disks. */
    private void boot(String imageName, NodeUnderTest node) {
        GenericContainer<?> container = new GenericContainer<>(DockerImageName.parse(imageName))
                .withFileSystemBind(node.machine().root().toString(), MACHINE_ROOT, BindMode.READ_WRITE)
                .withCreateContainerCmdModifier(create -> create
                        // The machine root's NIC address is this container's eth0 address.
                        .withMacAddress(node.mac())
                        .withName("ferrum-" + node.name() + "-" + node.uuid().substring(0, 8)))
                .withLabel(LABEL, LABEL_VALUE)
                .withCommand("--root", MACHINE_ROOT, "--file-disks")
                .withLogConsumer(frame -> appendLog(node, frame.getUtf8String()));
        // Registered before start: a container that fails to start is still stopped after the test.
        containers.add(container);
        containerOf.put(node.name(), container);
        container.start();
    }

    /**
     * The image's /init runs the Java launcher's command followed by the entry point's arguments:
     * a container runs the agent exactly as the ramdisk does, minus the kernel-only set-up.
     */
    private static void assertStartsAsInitWould(GenericContainer<?> container) throws IOException, InterruptedException {
        Container.ExecResult init = container.execInContainer("cat", "/init");
        Container.ExecResult launcher = container.execInContainer("cat", AgentRootfsImage.ENTRYPOINT.getFirst());
        String javaCommand = launcher.getStdout().lines().filter(l -> l.startsWith("exec ")).findFirst().orElseThrow()
                .substring("exec ".length()).replace(" \"$@\"", "");
        String initCommand = init.getStdout().lines().filter(l -> l.startsWith(javaCommand.split(" ")[0] + " ")).findFirst()
                .orElseThrow(() -> new AssertionError("no agent command in /init:\n" + init.getStdout()))
                .replace(" </dev/null", "");
        List<String> arguments = AgentRootfsImage.ENTRYPOINT.subList(1, AgentRootfsImage.ENTRYPOINT.size());
        assertThat(initCommand).isEqualTo(javaCommand + " " + String.join(" ", arguments));
        assertThat(javaCommand).startsWith("/opt/ferrum/jre/bin/java ").contains("-jar /opt/ferrum/agent/ferrum-agent.jar");
    }

    /** Containers of an earlier run that was killed before it could stop them (no Ryuk here to do it). */
    private static void removeLeftovers(DockerClient client) {
        for (var leftover : client.listContainersCmd().withShowAll(true).withLabelFilter(Map.of(LABEL, LABEL_VALUE)).exec()) {
            client.removeContainerCmd(leftover.getId()).withForce(true).exec();
        }
    }

    /** The default bridge's gateway: the host's address on the engine's own bridge. */
    private static InetAddress bridgeGateway(DockerClient client) throws IOException {
        Network bridge = client.inspectNetworkCmd().withNetworkId("bridge").exec();
        String gateway = bridge.getIpam().getConfig().stream().map(Network.Ipam.Config::getGateway)
                .filter(g -> g != null && !g.contains(":")).findFirst()
                .orElseThrow(() -> new AssertionError("the Docker bridge network has no IPv4 gateway: " + bridge.getIpam()));
        return InetAddress.getByName(gateway);
    }

    private void provision(NodeUnderTest node, String target) throws Exception {
        call("PUT", "/v1/nodes/" + node.uuid() + "/states/provision", "{\"target\":\"" + target + "\"}", 202);
    }

    private JsonNode awaitState(NodeUnderTest node, String state, Duration budget) throws Exception {
        Instant until = Instant.now().plus(budget);
        JsonNode shown = call("GET", "/v1/nodes/" + node.uuid(), null, 200);
        while (Instant.now().isBefore(until)) {
            shown = call("GET", "/v1/nodes/" + node.uuid(), null, 200);
            String current = shown.path("provision_state").asText();
            if (state.equals(current) && shown.path("reservation").isNull()) {
                return shown;
            }
            if (current.endsWith("failed")) {
                break;
            }
            Thread.sleep(300);
        }
        throw new AssertionError(node.name() + " did not reach '" + state + "': it is '" + shown.path("provision_state").asText()
                + "', last_error: " + shown.path("last_error") + logsOf(node));
    }

    private static void deleteOldLogs() throws IOException {
        if (Files.isDirectory(LOGS)) {
            try (var old = Files.list(LOGS)) {
                for (Path log : old.toList()) {
                    Files.delete(log);
                }
            }
        }
    }

    /** Where a node's container output goes: kept under target/ as a test artefact. */
    private static Path logFile(NodeUnderTest node) {
        return LOGS.resolve(node.name() + ".log");
    }

    private static synchronized void appendLog(NodeUnderTest node, String text) {
        try {
            Files.createDirectories(LOGS);
            Files.writeString(logFile(node), text, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The node's container output so far, for failure messages. */
    private static String logsOf(NodeUnderTest node) {
        try {
            return Files.exists(logFile(node)) ? "\n--- agent container log:\n" + Files.readString(logFile(node)) : "";
        } catch (IOException e) {
            return "\n(agent container log unreadable: " + e + ")";
        }
    }

    private JsonNode call(String method, String path, String body, int expected) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(api + path)).timeout(Duration.ofSeconds(20))
                .header("X-OpenStack-Ironic-API-Version", "latest")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(method + " " + path + ": " + response.body()).isEqualTo(expected);
        return response.body().isEmpty() ? json.nullNode() : json.readTree(response.body());
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }
}
