package dev.ferrum.integration.restart;

import static dev.ferrum.integration.restart.PostgresConductors.await;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three conductor processes on one PostgreSQL: they agree on a hash ring that spreads the nodes over the
 * three; provision, power and boot device actions sent to one conductor's API run on each node's owner (its
 * history shows the handoff);
 * one SIGKILLed while its nodes wait in {@code wait call-back} drops off the ring, and the survivors
 * that now own those nodes each re-drive them exactly once (one takeover in each node's history, by its new
 * owner), while the survivors' own nodes stay where they were; a fourth conductor takes about a third of the
 * nodes, all from the others, none moved between them. Skipped without {@code FERRUM_TEST_POSTGRES_URL}
 * except in CI, where it must run. (The node going on to {@code active} with a new agent after its takeover is
 * {@code conductor/…/flow/TakeoverTest}.)
 */
class ScaleOutTest {
    private static final int NODES = 30;
    private static final int HEARTBEAT_TIMEOUT_SECONDS = 4;
    private PostgresConductors cluster;
    @TempDir
    Path temp;

    @BeforeAll
    static void ciMustRunIt() {
        PostgresConductors.requireInCi();
    }

    @AfterEach
    void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    private void startConductor(String name) throws Exception {
        cluster.start(name, List.of("--conductor-heartbeat-timeout", Integer.toString(HEARTBEAT_TIMEOUT_SECONDS)));
    }

    private JsonNode call(String conductor, String method, String path, String body, int expected) {
        return cluster.call(conductor, method, path, body, expected);
    }

    private Map<String, String> owners(String conductor) {
        return cluster.owners(conductor);
    }

    private List<JsonNode> takeovers(String conductor, String node) {
        return cluster.takeovers(conductor, node);
    }

    private List<JsonNode> history(String conductor, String node, String text) {
        return cluster.history(conductor, node, text);
    }

    private String provisionState(String conductor, String node) {
        return cluster.provisionState(conductor, node);
    }

    private void moveTo(String conductor, String node, String target, String state) {
        cluster.moveTo(conductor, node, target, state);
    }

    @Test
    void theRingSpreadsNodesAndTheSurvivorsFinishAKilledConductorsWork() throws Exception {
        cluster = PostgresConductors.create(temp, "ferrum_scaleout");
        for (String name : List.of("c1", "c2", "c3")) {
            startConductor(name);
        }
        List<String> nodes = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            String node = call("c1", "POST", "/v1/nodes", "{\"driver\":\"fake-hardware\",\"name\":\"scale-" + i
                    + "\",\"deploy_interface\":\"direct\",\"instance_info\":{\"image_source\":"
                    + "\"http://127.0.0.1:1/disk.raw\",\"image_checksum\":\"93142d66ff3bd8fb5764418141a725dd\"}}",
                    201).path("uuid").asText();
            call("c1", "POST", "/v1/ports", "{\"address\":\"" + String.format("02:fc:00:00:%02x:%02x", i / 256, i % 256)
                    + "\",\"node_uuid\":\"" + node + "\"}", 201);
            nodes.add(node);
        }
        Map<String, String> before = owners("c2");
        assertThat(owners("c1")).as("every conductor builds the same ring").isEqualTo(before);
        assertThat(owners("c3")).isEqualTo(before);
        for (String conductor : List.of("c1", "c2", "c3")) {
            assertThat(before.values().stream().filter(conductor::equals).count()).as(conductor + "'s share of "
                    + before).isBetween(3L, 20L);
        }

        // A power request sent to c1's API (not c3's: the handoffs from c3 are counted below): target_power_state
        // is set at once, and the owner talks to the BMC.
        for (String node : nodes.stream().filter(n -> !before.get(n).equals("c1")).limit(3).toList()) {
            call("c1", "PUT", "/v1/nodes/" + node + "/states/power", "{\"target\":\"power on\"}", 202);
            await(() -> Optional.of(call("c1", "GET", "/v1/nodes/" + node + "/states", "", 200))
                    .filter(states -> states.path("power_state").asText().equals("power on")
                            && states.path("target_power_state").isNull()), Duration.ofSeconds(20), node + " on");
            assertThat(history("c1", node, "Power action 'power on' done")).as("the owner, not c1, ran it")
                    .singleElement().satisfies(e -> assertThat(e.path("conductor").asText())
                            .isEqualTo(before.get(node)));
        }

        // A boot device set through c1's API for a node c1 does not own is set by the owner: fake management keeps
        // the device in its conductor's memory, so c1 reads back "disk" only if both requests reached the owner.
        String elsewhere = nodes.stream().filter(n -> !before.get(n).equals("c1")).findFirst().orElseThrow();
        call("c1", "PUT", "/v1/nodes/" + elsewhere + "/management/boot_device",
                "{\"boot_device\":\"disk\",\"persistent\":true}", 204);
        assertThat(call("c1", "GET", "/v1/nodes/" + elsewhere + "/management/boot_device", "", 200).toString())
                .isEqualTo("{\"boot_device\":\"disk\",\"persistent\":true}");
        assertThat(history("c1", elsewhere, "ran set_boot_device for the request conductor c1")).singleElement()
                .satisfies(e -> assertThat(e.path("conductor").asText()).isEqualTo(before.get(elsewhere)));

        // Deployed through c3's API: c3 makes each first transition, and each node's owner runs the rest
        // (Ironic's API casts to the owner's topic), so only c3's own nodes are left waiting on c3 when it dies.
        for (String node : nodes) {
            moveTo("c3", node, "manage", "manageable");
            moveTo("c3", node, "provide", "available");
            moveTo("c3", node, "active", "wait call-back");
        }
        cluster.conductor("c3").kill();
        Instant killed = Instant.now();

        await(() -> Optional.of(call("c1", "GET", "/v1/conductors/c3", "", 200))
                .filter(c -> !c.path("alive").asBoolean(true)), Duration.ofSeconds(30), "c3 dead");
        // The API re-reads membership at most once a second.
        Map<String, String> survivors = await(() -> Optional.of(owners("c1")).filter(o -> !o.containsValue("c3")),
                Duration.ofSeconds(5), "c3 off the ring");
        for (String node : nodes) {
            assertThat(survivors.get(node)).as("owner of " + node).isIn("c1", "c2");
            if (!before.get(node).equals("c3")) {
                assertThat(survivors.get(node)).as("a survivor's node stays where it was").isEqualTo(before.get(node));
            }
        }
        List<String> killedOnes = nodes.stream().filter(node -> before.get(node).equals("c3")).toList();
        await(() -> Optional.of(killedOnes.stream().allMatch(node -> !takeovers("c2", node).isEmpty()))
                .filter(b -> b), Duration.ofSeconds(60), "every node c3 left waiting taken over");
        Duration takeover = Duration.between(killed, Instant.now());
        for (String node : nodes) {
            List<JsonNode> events = takeovers("c1", node);
            if (killedOnes.contains(node)) {
                assertThat(events).as("taken over once, by its owner: " + events).hasSize(1);
                assertThat(events.get(0).path("conductor").asText()).isEqualTo(survivors.get(node));
            } else {
                assertThat(events).as("its owner, not c3, drove it: nothing to take over").isEmpty();
                List<JsonNode> handoffs = history("c1", node, "carries on the request conductor c3");
                assertThat(handoffs).as("each action sent to c3 ran on the owner: " + handoffs).hasSize(3)
                        .allSatisfy(e -> assertThat(e.path("conductor").asText()).isEqualTo(before.get(node)));
            }
            assertThat(provisionState("c2", node)).isEqualTo("wait call-back");
        }
        assertThat(takeover).as("takeover time after SIGKILL").isLessThan(Duration.ofSeconds(60));

        startConductor("c4");
        Map<String, String> after = await(() -> Optional.of(owners("c1"))
                .filter(o -> o.containsValue("c4")), Duration.ofSeconds(30), "c4 on the ring");
        int moved = 0;
        for (String node : nodes) {
            if (!after.get(node).equals(survivors.get(node))) {
                assertThat(after.get(node)).as("moved only to the new conductor").isEqualTo("c4");
                moved++;
            }
        }
        assertThat(moved).as("about a third of " + NODES + " move to the new conductor").isBetween(3, 18);
        System.out.println("scale-out: takeover of c3's " + killedOnes.size() + " waiting nodes took " + takeover.toMillis()
                + " ms after SIGKILL; " + moved + " of " + NODES + " moved to a 4th conductor");
    }
}
