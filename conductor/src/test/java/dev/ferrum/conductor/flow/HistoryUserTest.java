package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import at.favre.lib.crypto.bcrypt.BCrypt;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.api.ApiAuth;
import dev.ferrum.conductor.auth.UserDirectory;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.periodic.PowerSync;
import dev.ferrum.conductor.periodic.PowerSyncConfig;
import dev.ferrum.conductor.state.ProvisionState;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The history's {@code user} (issue 14): what an authenticated request does, at once or in the work it queues, names
 * the user who asked, as Ironic records the request context's user; what the conductor does by itself (power sync)
 * names nobody, and neither does a request under an authentication that has no users.
 */
class HistoryUserTest {
    private static final String PASSWORD = "correct horse";

    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;

    @BeforeEach
    void start() throws Exception {
        StringBuilder htpasswd = new StringBuilder();
        for (String user : List.of("alice", "bob")) {
            htpasswd.append(user).append(':').append(BCrypt.with(BCrypt.Version.VERSION_2Y)
                    .hashToString(4, PASSWORD.toCharArray())).append('\n');
        }
        Path users = Files.writeString(flow.temp().resolve("htpasswd"), htpasswd);
        Path roles = Files.writeString(flow.temp().resolve("roles"), "alice system admin\nbob system admin\n");
        conductor = flow.start(dir -> new FlowFixture(dir, FlowConfig.defaults(),
                new ApiAuth.HttpBasic(new UserDirectory(users, roles))));
    }

    private FlowFixture.Reply as(String user, String method, String path, Optional<String> body) {
        String basic = "Basic " + Base64.getEncoder().encodeToString((user + ":" + PASSWORD)
                .getBytes(StandardCharsets.UTF_8));
        return conductor.send(method, path, body, Map.of("Authorization", basic,
                "X-OpenStack-Ironic-API-Version", "latest")).reply();
    }

    private List<NodeEvent> history(UUID node, String kind) {
        return conductor.store.history().list(node).stream().filter(e -> e.kind().equals(kind)).toList();
    }

    /** A node {@code user} created and managed through the API. */
    private UUID managedBy(String user, String name) {
        UUID node = UUID.fromString(conductor.expect(201, as(user, "POST", "/v1/nodes",
                Optional.of("{\"driver\":\"fake-hardware\",\"name\":\"" + name + "\"}"))).body().get("uuid").asText());
        conductor.expect(202, as(user, "PUT", "/v1/nodes/" + node + "/states/provision",
                Optional.of("{\"target\":\"manage\"}")));
        conductor.await(node, ProvisionState.MANAGEABLE);
        return node;
    }

    @Test
    void entriesOfARequestAndOfTheWorkItQueuesNameItsUserAndTheApiShowsThem() {
        UUID node = managedBy("alice", "who");
        conductor.expect(202, as("bob", "PUT", "/v1/nodes/" + node + "/states/power",
                Optional.of("{\"target\":\"power on\"}")));
        conductor.expect(202, as("bob", "PUT", "/v1/nodes/" + node + "/maintenance",
                Optional.of("{\"reason\":\"rack move\"}")));

        List<NodeEvent> transitions = history(node, NodeEvent.TRANSITION);
        assertThat(transitions).extracting(NodeEvent::toState)
                .containsExactly(ProvisionState.VERIFYING, ProvisionState.MANAGEABLE);
        // Verifying finishes in the queued work, off the request's thread: still alice's.
        assertThat(transitions).extracting(NodeEvent::user).containsOnly(Optional.of("alice"));
        assertThat(history(node, "power.action")).extracting(NodeEvent::user).containsExactly(Optional.of("bob"));
        assertThat(history(node, "maintenance.set")).extracting(NodeEvent::user).containsExactly(Optional.of("bob"));

        JsonNode listed = conductor.expect(200, as("alice", "GET", "/v1/nodes/" + node + "/history",
                Optional.empty())).body().get("history");
        assertThat(listed.findValuesAsText("user")).containsExactly("alice", "alice", "bob", "bob");
        String power = history(node, "power.action").get(0).uuid().toString();
        JsonNode one = conductor.expect(200, as("alice", "GET", "/v1/nodes/" + node + "/history/" + power,
                Optional.empty())).body();
        assertThat(one.get("user").asText()).isEqualTo("bob");
    }

    @Test
    void whatTheConductorDoesByItselfNamesNobody() {
        UUID node = managedBy("alice", "drift");
        conductor.expect(202, as("alice", "PUT", "/v1/nodes/" + node + "/states/power",
                Optional.of("{\"target\":\"power on\"}")));
        conductor.power.powerOff(conductor.store.nodes().get(node));

        new PowerSync(conductor.store, new PowerSync.PowerControl() {
            @Override
            public PowerState read(Node n) {
                return conductor.power.powerState(n);
            }

            @Override
            public void set(Node n, PowerState target) {
                conductor.power.powerOn(n);
            }
        }, FlowFixture.CONDUCTOR, PowerSyncConfig.defaults().withForce(false), conductor.clock).syncOnce();

        assertThat(history(node, "power.action")).extracting(NodeEvent::user).containsExactly(Optional.of("alice"));
        assertThat(history(node, "power.sync")).singleElement()
                .satisfies(e -> assertThat(e.user()).isEmpty());
    }
}
