package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.agent.AgentClient;
import dev.ferrum.conductor.agent.AgentClientConfig;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.ramdisk.AgentHeartbeat;
import dev.ferrum.conductor.state.ProvisionState;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * "No duplicate agent commands" with two conductors on one store: the agent's heartbeats reach both at the
 * same time (its callback address is a VIP, or the ring moves the node mid-flow), and both believe they own
 * the node (the worst moment of a ring change). The node's lock and the flow state read under it must make
 * every command that changes the machine reach the agent once per phase: cleaning on provide, the deploy,
 * cleaning on undeploy.
 */
class ActiveActiveAgentCommandsTest {
    private static final String MAC = "02:fc:00:00:00:41";
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private final FakeAgent agent = flow.agent();
    private FlowFixture conductor;
    private ConductorFlows other;

    @AfterEach
    void stop() {
        if (other != null) {
            other.close();
        }
    }

    @Test
    void heartbeatsReachingTwoConductorsAtOnceSendEachCommandOnce() {
        conductor = flow.start(FlowConfig.defaults());
        UUID node = conductor.createNode("both", MAC, FlowFixture.DIRECT_RAW_IMAGE);
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);

        conductor.provision(node, "provide");
        phase(node, ProvisionState.CLEAN_WAIT, ProvisionState.AVAILABLE, "cleaning on provide");
        conductor.provision(node, "active");
        phase(node, ProvisionState.DEPLOY_WAIT, ProvisionState.ACTIVE, "deploy");
        conductor.provision(node, "deleted");
        phase(node, ProvisionState.CLEAN_WAIT, ProvisionState.AVAILABLE, "cleaning on undeploy");
        assertThat(agent.receivedNames()).as("the agent was driven at all")
                .contains("deploy.execute_deploy_step", "clean.execute_clean_step");
        assertThat(conductor.store.history().list(node)).extracting(e -> e.conductor().orElse(""))
                .as("both conductors moved the flow on").contains(FlowFixture.CONDUCTOR, "other-conductor");
    }

    /** Heartbeats to both conductors at once until {@code state}; then no command of the phase was sent twice. */
    private void phase(UUID node, ProvisionState waiting, ProvisionState state, String what) {
        int before = agent.received().size();
        conductor.await(node, waiting);
        String token = lookup();
        // A fresh second conductor per phase, closed at its end: its heartbeats skip the API's token check, so
        // one still queued when the phase ends would otherwise be recorded in the next phase with a stale agent.
        other = new ConductorFlows(conductor.store, conductor.drivers, new AgentClient(new AgentClientConfig(
                Duration.ofSeconds(2), Duration.ofSeconds(10))), FlowConfig.defaults(), "other-conductor",
                conductor.clock, n -> true);
        // The phase's first heartbeat reaches the second conductor alone, so it certainly moves the flow on once;
        // after that both take every heartbeat, and which one wins each lock is the scheduler's choice.
        other.heartbeat(new AgentHeartbeat(node, URI.create(agent.url()), "9.4.3", conductor.clock.instant()));
        Instant recorded = Instant.now().plusSeconds(10);
        while ((!conductor.store.heartbeats().kept().isEmpty()
                || conductor.store.nodes().get(node).reservation().isPresent()) && Instant.now().isBefore(recorded)) {
            FlowFixture.sleep(20);
        }
        Instant until = Instant.now().plusSeconds(30);
        while (!reached(node, state)) {
            assertThat(Instant.now()).as(what + " reaching " + state).isBefore(until);
            CompletableFuture<Void> viaApi = CompletableFuture.runAsync(() -> conductor.post("/v1/heartbeat/" + node,
                    "{\"callback_url\":\"" + agent.url() + "\",\"agent_token\":\"" + token
                            + "\",\"agent_version\":\"9.4.3\"}", "1.68"));
            other.heartbeat(new AgentHeartbeat(node, URI.create(agent.url()), "9.4.3", conductor.clock.instant()));
            viaApi.join();
            FlowFixture.sleep(100);
        }
        other.close();
        other = null;
        // The first conductor's last accepted heartbeat may still be queued: let it be recorded in this phase.
        FlowFixture.sleep(1000);
        conductor.awaitNode(node, n -> n.provisionState() == state, what + " still in " + state);
        List<JsonNode> sent = agent.received().subList(before, agent.received().size());
        Map<String, Integer> times = new HashMap<>();
        sent.stream().filter(command -> changesTheMachine(command.path("name").asText()))
                .forEach(command -> times.merge(command.toString(), 1, Integer::sum));
        assertThat(times).as(what + ": commands sent more than once, of " + sent)
                .allSatisfy((command, count) -> assertThat(count).as(command).isEqualTo(1));
        assertThat(times).as(what + " drove the agent").isNotEmpty();
    }

    /**
     * The ramdisk's lookup, retried while a task of the phase before still holds the node (Ironic answers 409
     * then too, and the agent retries).
     */
    private String lookup() {
        for (int attempt = 0; attempt < 50; attempt++) {
            FlowFixture.Reply reply = conductor.get("/v1/lookup?addresses=" + MAC, "1.68");
            if (reply.status() == 200) {
                String token = reply.body().path("config").path("agent_token").asText();
                agent.token(token);
                return token;
            }
            assertThat(reply.status()).as(reply.raw()).isEqualTo(409);
            FlowFixture.sleep(100);
        }
        throw new AssertionError("the lookup stayed refused");
    }

    /** Reads (step lists, command status, partition UUIDs) may repeat; anything else acts on the machine. */
    private static boolean changesTheMachine(String name) {
        return !name.substring(name.indexOf('.') + 1).startsWith("get_");
    }

    private boolean reached(UUID node, ProvisionState state) {
        Node current = conductor.store.nodes().get(node);
        if (current.reservation().isEmpty() && current.provisionState().isFailed()) {
            throw new AssertionError("node=" + node + " failed: " + current.lastError().orElse(""));
        }
        return current.reservation().isEmpty() && current.provisionState() == state;
    }
}
