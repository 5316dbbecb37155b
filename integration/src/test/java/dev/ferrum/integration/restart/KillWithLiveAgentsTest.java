package dev.ferrum.integration.restart;

import static dev.ferrum.integration.restart.PostgresConductors.await;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.sandbox.FileServer;
import dev.ferrum.sandbox.bmc.RedfishBmc;
import dev.ferrum.sandbox.machine.AgentFirmware;
import dev.ferrum.sandbox.machine.BootedSystem;
import dev.ferrum.sandbox.machine.MachineIdentity;
import dev.ferrum.sandbox.machine.MachineRoot;
import dev.ferrum.sandbox.machine.SimulatedMachine;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three conductor processes on one PostgreSQL with a fleet of simulated machines whose ramdisks run Ferrum's
 * real agent (the sandbox's Redfish BMC and in-process agents, in this JVM): half the nodes deploy, half clean
 * (manually, with a conductor-side {@code wait} step after the agent's metadata erase). Once every deploy's agent is
 * writing the image and every cleaning is inside its wait step (in {@code cleaning}, under the lock of whichever
 * conductor took its agent's heartbeat), the conductor holding the most of those locks is SIGKILLed. Then every
 * node still reaches its end state; each node the victim held is resumed, not failed, and taken over once by its
 * ring owner; a node is taken over at most once, only by its owner, and only if the victim owned or held it; and no
 * agent was asked twice in one boot to run the same machine-changing step (what two conductors driving one node at
 * once would do). Agents and machines reach the conductors through one front address that skips a dead conductor
 * ({@link FrontAddress}), as a site's load balancer does. Skipped without {@code FERRUM_TEST_POSTGRES_URL} except
 * in CI, where it must run.
 */
class KillWithLiveAgentsTest {
    private static final int MACHINES = 8;
    /** The cleanings' conductor-side wait step: long enough that the kill finds them all inside it. */
    private static final int WAIT_STEP_SECONDS = 20;
    private static final String IMAGE = "disk.raw";
    private static final String KERNEL = "agent.kernel";
    private static final String RAMDISK = "agent.initramfs";
    private static final Set<String> IN_FLIGHT = Set.of("wait call-back", "deploying", "clean wait", "cleaning");
    /** Agent commands that change the machine (bare names: the agent lists them as {@code extension.command}). */
    private static final Set<String> MACHINE_CHANGING = Set.of("execute_deploy_step", "execute_clean_step",
            "install_bootloader", "power_off", "erase_devices_metadata");

    private final ObjectMapper json = new ObjectMapper();
    /** The nodes as {@link #midFlow} last saw them, for the failure message. */
    private final Map<String, String> lastSeen = new java.util.concurrent.ConcurrentHashMap<>();
    private final List<AutoCloseable> started = new ArrayList<>();
    private PostgresConductors cluster;
    @TempDir
    Path temp;

    @BeforeAll
    static void ciMustRunIt() {
        PostgresConductors.requireInCi();
    }

    @AfterEach
    void stop() throws Exception {
        for (int i = started.size() - 1; i >= 0; i--) {
            started.get(i).close();
        }
        if (cluster != null) {
            // The conductors' logs outlive the temporary directory, for a failure's reader.
            java.nio.file.Files.createDirectories(Path.of("target", "kill-with-live-agents"));
            for (String name : List.of("c1", "c2", "c3")) {
                if (cluster.conductor(name) != null) {
                    java.nio.file.Files.writeString(Path.of("target", "kill-with-live-agents", name + ".log"),
                            cluster.conductor(name).log());
                }
            }
            cluster.close();
        }
    }

    @Test
    void everyNodeReachesItsEndStateAfterItsConductorIsKilledMidFlow() throws Exception {
        cluster = PostgresConductors.create(temp, "ferrum_kill");
        List<String> names = List.of("c1", "c2", "c3");
        Map<String, Integer> ports = new LinkedHashMap<>();
        for (String name : names) {
            ports.put(name, PostgresConductors.freePort());
        }
        FrontAddress front = new FrontAddress(List.copyOf(ports.values()));
        started.add(front);
        // About 13 s per download: the kill finds the agents writing the image.
        byte[] image = new byte[4 << 20];
        new Random(27).nextBytes(image);
        byte[] placeholder = "the in-process agent stands in for this file\n".getBytes(StandardCharsets.US_ASCII);
        FileServer files = new FileServer(Map.of(IMAGE, image, KERNEL, placeholder, RAMDISK, placeholder),
                Duration.ofMillis(200));
        started.add(files);
        for (String name : names) {
            cluster.start(name, ports.get(name), List.of("--public-url", front.url(),
                    "--conductor-heartbeat-timeout", "4"));
        }

        RecordingFirmware firmware = new RecordingFirmware(new AgentFirmware(URI.create(front.url() + "/boot/")));
        Map<String, SimulatedMachine> machines = new LinkedHashMap<>();
        for (int index = 1; index <= MACHINES; index++) {
            MachineIdentity identity = MachineIdentity.of(index);
            SimulatedMachine machine = new SimulatedMachine(identity,
                    MachineRoot.create(temp.resolve("machines").resolve(identity.name()), identity), firmware);
            started.add(machine);
            machines.put(identity.name(), machine);
        }
        RedfishBmc bmc = new RedfishBmc(List.copyOf(machines.values()), "admin", "secret");
        started.add(bmc);

        Map<String, String> nodes = new LinkedHashMap<>();
        for (SimulatedMachine machine : machines.values()) {
            nodes.put(enroll(machine, bmc, files, image), machine.identity().name());
        }
        moveAll(nodes.keySet(), "manage", "manageable");
        // Half deploy, half clean.
        Map<String, String> endStates = new HashMap<>();
        List<String> order = List.copyOf(nodes.keySet());
        for (int i = 0; i < order.size(); i++) {
            endStates.put(order.get(i), i % 2 == 0 ? "active" : "manageable");
        }
        moveAll(order.stream().filter(n -> endStates.get(n).equals("active")).toList(), "provide", "available");
        for (String node : order) {
            if (endStates.get(node).equals("active")) {
                cluster.provision("c1", node, "active", "");
            } else {
                cluster.provision("c1", node, "clean", ",\"clean_steps\":[{\"interface\":\"deploy\",\"step\":"
                        + "\"erase_devices_metadata\"},{\"interface\":\"deploy\",\"step\":\"wait\",\"args\":"
                        + "{\"seconds\":" + WAIT_STEP_SECONDS + "}}]");
            }
        }
        Map<String, JsonNode> atKill = await(() -> midFlow(nodes, machines, endStates), Duration.ofSeconds(90),
                "every deploy writing its image and every cleaning in its wait step; last seen " + lastSeen);
        Map<String, String> owners = cluster.owners("c1");
        // The conductor running the most cleanings' wait steps under their locks, then owning the most nodes.
        String victim = names.stream().max(Comparator.comparingLong((String c) -> atKill.values().stream()
                .filter(n -> n.path("reservation").asText().equals(c)).count())
                .thenComparingLong(c -> owners.values().stream().filter(c::equals).count())).orElseThrow();
        cluster.conductor(victim).kill();
        Instant killed = Instant.now();
        // Its work in progress: what it held in "cleaning" or "deploying" (a node in a wait state it held only for a
        // heartbeat's record goes on with its agent's next heartbeat, on a survivor).
        List<String> locked = order.stream().filter(n -> atKill.get(n).path("reservation").asText().equals(victim)
                && Set.of("cleaning", "deploying").contains(atKill.get(n).path("provision_state").asText())).toList();
        List<String> owned = order.stream().filter(n -> owners.get(n).equals(victim)).toList();
        String survivor = names.stream().filter(n -> !n.equals(victim)).findFirst().orElseThrow();

        for (String node : order) {
            try {
                await(() -> Optional.of(cluster.provisionState(survivor, node)).filter(s -> !IN_FLIGHT.contains(s)),
                        Duration.ofSeconds(150), node + " leaving its flow");
            } catch (AssertionError late) {
                throw new AssertionError(late.getMessage() + " (" + nodes.get(node) + ", owned by " + owners.get(node)
                        + ", victim " + victim + ", at the kill " + atKill.get(node) + "); now "
                        + cluster.call(survivor, "GET", "/v1/nodes/" + node, "", 200) + "; history "
                        + cluster.call(survivor, "GET", "/v1/nodes/" + node + "/history", "", 200), late);
            }
        }
        Duration finished = Duration.between(killed, Instant.now());
        Map<String, String> after = cluster.owners(survivor);
        int takenOver = 0;
        for (String node : order) {
            String which = node + " (" + nodes.get(node) + ", owned by " + owners.get(node) + ", at the kill "
                    + atKill.get(node) + ")";
            JsonNode shown = cluster.call(survivor, "GET", "/v1/nodes/" + node
                    + "?fields=provision_state,last_error", "", 200);
            assertThat(shown.path("provision_state").asText()).as(which + ": " + shown.path("last_error").asText())
                    .isEqualTo(endStates.get(node));
            List<JsonNode> takeovers = cluster.takeovers(survivor, node);
            assertThat(takeovers).as(which + ": at most one takeover, by its owner: " + takeovers).hasSizeLessThan(2)
                    .allSatisfy(e -> assertThat(e.path("conductor").asText()).isEqualTo(after.get(node)));
            if (locked.contains(node)) {
                // Its work died inside the victim: resumed from its wait step on a new boot, not failed.
                assertThat(takeovers).as(which + ": taken over").hasSize(1);
                assertThat(cluster.history(survivor, node, "instead of failing it")).as(which).hasSize(1);
            } else if (!owned.contains(node)) {
                assertThat(takeovers).as(which + ": the victim neither owned nor held it").isEmpty();
            }
            takenOver += takeovers.size();
        }
        assertThat(locked).as("the victim held some cleaning's lock").isNotEmpty();
        for (AutoCloseable machine : machines.values()) {
            machine.close();
        }
        int stepCommands = 0;
        for (Map.Entry<String, String> node : nodes.entrySet()) {
            List<List<RecordingFirmware.Command>> boots = firmware.boots(node.getValue());
            for (List<RecordingFirmware.Command> boot : boots) {
                Map<String, Long> counts = boot.stream()
                        .filter(c -> MACHINE_CHANGING.contains(c.name().substring(c.name().lastIndexOf('.') + 1)))
                        .collect(Collectors.groupingBy(c -> c.name() + " " + c.step(), Collectors.counting()));
                assertThat(counts.values()).as(node.getValue() + ": machine-changing commands of one boot " + boot)
                        .allMatch(count -> count == 1);
                stepCommands += counts.size();
            }
        }
        assertThat(stepCommands).as("the agents' command lists were read: " + nodes.values().stream()
                .collect(Collectors.toMap(m -> m, firmware::boots))).isGreaterThanOrEqualTo(MACHINES);
        System.out.println("kill with live agents: " + victim + " killed holding " + locked.size() + " cleanings and"
                + " owning " + owned.size() + " of " + MACHINES + " nodes mid-flow; " + takenOver + " taken over; every"
                + " node ended " + finished.toMillis() + " ms after SIGKILL");
    }

    /**
     * Each node as shown (state, steps, lock holder) once every deploy's agent is writing the image and every
     * cleaning runs its wait step, under a conductor's lock; empty before.
     */
    private Optional<Map<String, JsonNode>> midFlow(Map<String, String> nodes, Map<String, SimulatedMachine> machines,
            Map<String, String> endStates) {
        Map<String, JsonNode> shown = new LinkedHashMap<>();
        for (String node : nodes.keySet()) {
            JsonNode n = cluster.call("c1", "GET", "/v1/nodes/" + node
                    + "?fields=provision_state,clean_step,deploy_step,reservation", "", 200);
            boolean agentUp = machines.get(nodes.get(node)).running().activity() == BootedSystem.Activity.AGENT_RAMDISK;
            lastSeen.put(nodes.get(node), n + (agentUp ? " agent up" : " no agent"));
            boolean there = endStates.get(node).equals("active")
                    ? n.path("provision_state").asText().equals("wait call-back")
                            && n.path("deploy_step").path("step").asText().equals("write_image")
                    : n.path("provision_state").asText().equals("cleaning")
                            && n.path("clean_step").path("step").asText().equals("wait")
                            && !n.path("reservation").asText().isEmpty();
            if (!agentUp || !there) {
                return Optional.empty();
            }
            shown.put(node, n);
        }
        return Optional.of(shown);
    }

    /** Sends {@code target} for all {@code nodes} at once, then waits for each to reach {@code state}. */
    private void moveAll(java.util.Collection<String> nodes, String target, String state) {
        nodes.forEach(node -> cluster.provision("c1", node, target, ""));
        for (String node : nodes) {
            await(() -> Optional.of(cluster.provisionState("c1", node)).filter(state::equals), Duration.ofSeconds(60),
                    node + " reaching " + state);
        }
    }

    /** Enrolls {@code machine} as a redfish node booting the agent ramdisk over iPXE, to deploy {@code image}. */
    private String enroll(SimulatedMachine machine, RedfishBmc bmc, FileServer files, byte[] image) throws Exception {
        ObjectNode body = json.createObjectNode().put("name", machine.identity().name()).put("driver", "redfish")
                .put("boot_interface", "ipxe").put("deploy_interface", "direct")
                .put("power_interface", "redfish").put("management_interface", "redfish");
        body.putObject("driver_info").put("redfish_address", bmc.url())
                .put("redfish_system_id", RedfishBmc.systemPath(machine))
                .put("redfish_username", "admin").put("redfish_password", "secret")
                .put("deploy_kernel", files.url(KERNEL)).put("deploy_ramdisk", files.url(RAMDISK));
        body.putObject("instance_info").put("image_source", files.url(IMAGE))
                .put("image_os_hash_algo", "sha256").put("image_disk_format", "raw")
                .put("image_os_hash_value", HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(image)));
        String node = cluster.call("c1", "POST", "/v1/nodes", json.writeValueAsString(body), 201).path("uuid").asText();
        cluster.call("c1", "POST", "/v1/ports", "{\"address\":\"" + machine.identity().mac() + "\",\"node_uuid\":\""
                + node + "\"}", 201);
        return node;
    }
}
