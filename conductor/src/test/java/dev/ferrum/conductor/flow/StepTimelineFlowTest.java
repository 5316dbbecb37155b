package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A deploy's steps in the node's timeline: write_image started, its progress sampled (the first report, then one
 * per 30 s however often the conductor polls), finished; the records the history API and the event stream show.
 */
class StepTimelineFlowTest {
    private static final String MAC = "02:fc:00:00:00:17";
    private static final long GIB = 1L << 30;
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;
    private final FakeAgent agent = flow.agent();
    /** The agent token the lookup of {@link #writingImage} issued. */
    private String token;

    private ObjectNode report(long written, long eta) {
        return com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode().put("phase", "streaming").put("bytes_downloaded", written)
                .put("bytes_written", written).put("total_bytes", GIB).put("bytes_per_second", 64L << 20)
                .put("eta_seconds", eta).put("resumes", 0);
    }

    private void heartbeat(UUID node, String token) {
        conductor.expect(202, conductor.post("/v1/heartbeat/" + node, "{\"callback_url\":\"" + agent.url()
                + "\",\"agent_token\":\"" + token + "\",\"agent_version\":\"ferrum-test\"}", "1.68"));
    }

    private List<NodeEvent> steps(UUID node, String kind) {
        return conductor.store.history().list(node).stream().filter(e -> e.kind().equals(kind)).toList();
    }

    private void await(UUID node, Predicate<Node> condition, String what) {
        Instant until = Instant.now().plusSeconds(20);
        while (Instant.now().isBefore(until)) {
            Node current = conductor.store.nodes().get(node);
            if (current.reservation().isEmpty() && condition.test(current)) {
                return;
            }
            FlowFixture.sleep(20);
        }
        throw new AssertionError("node=" + node + " never " + what);
    }

    /** A node deploying whose agent has started write_image and will report {@code reports}, one per poll. */
    private UUID writingImage(String name, List<ObjectNode> reports) {
        conductor = flow.start(FlowConfig.defaults().withAutomatedClean(false));
        UUID node = conductor.createNode(name, MAC, FlowFixture.DIRECT_RAW_IMAGE);
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        conductor.provision(node, "active");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
        agent.reportStepProgress(reports);
        token = conductor.expect(200, conductor.get("/v1/lookup?addresses=" + MAC, "1.68"))
                .body().path("config").path("agent_token").asText();
        agent.token(token);
        heartbeat(node, token);
        await(node, n -> agent.receivedNames().contains("deploy.execute_deploy_step"), "started write_image");
        return node;
    }

    @Test
    void aDeployStepIsStartedSampledAndFinishedInTheTimeline() {
        UUID node = writingImage("stepped", List.of(report(GIB / 4, 12), report(GIB / 2, 8),
                report(GIB * 3 / 4, 4)));
        assertThat(steps(node, "step.started")).extracting(e -> e.details().get("step").asText())
                .contains("deploy.write_image");
        assertThat(steps(node, "agent.lookup")).singleElement()
                .satisfies(e -> assertThat(e.details().get("address").asText()).isEqualTo("127.0.0.1"));
        assertThat(steps(node, "agent.heartbeat.first")).singleElement().satisfies(e -> {
            assertThat(e.details().get("agent_version").asText()).isEqualTo("ferrum-test");
            assertThat(e.details().get("callback_url").asText()).isEqualTo(agent.url());
        });

        heartbeat(node, token);
        await(node, n -> steps(node, "step.progress").size() == 1, "sampled the first report");
        heartbeat(node, token);
        await(node, n -> n.internal().agentProgress().flatMap(p -> p.percent()).orElse(0) == 50, "polled again");
        assertThat(steps(node, "step.progress")).as("within 30 s of the last sample: not recorded").hasSize(1);
        conductor.clock.advance(Duration.ofSeconds(31));
        heartbeat(node, token);
        await(node, n -> steps(node, "step.progress").size() == 2, "sampled again after 30 s");
        NodeEvent sample = steps(node, "step.progress").get(1);
        assertThat(sample.details().get("step").asText()).isEqualTo("deploy.write_image");
        assertThat(sample.details().get("bytes_done").asLong()).isEqualTo(GIB * 3 / 4);
        assertThat(sample.details().get("bytes_total").asLong()).isEqualTo(GIB);
        assertThat(sample.details().get("eta_s").asLong()).isEqualTo(4);
        assertThat(sample.message()).contains("768 MiB of 1024 MiB");

        heartbeat(node, token);
        conductor.await(node, ProvisionState.ACTIVE);
        assertThat(steps(node, "step.finished")).extracting(e -> e.details().get("step").asText())
                .contains("deploy.write_image");
        JsonNode listed = conductor.expect(200, conductor.get("/v1/nodes/" + node + "/history", "1.78")).body()
                .get("history");
        assertThat(listed.findValuesAsText("kind")).contains("step.started", "step.progress", "step.finished");
        assertThat(listed.findValuesAsText("event_type")).contains("step", "provisioning");
    }

    @Test
    void theConductorPollsARunningStepsProgressBetweenHeartbeats() {
        UUID node = writingImage("polled", List.of(report(GIB / 4, 12), report(GIB / 2, 8)));

        assertThat(conductor.flows.pollAgentProgress()).as("no heartbeat needed").isEqualTo(1);
        assertThat(conductor.store.nodes().get(node).internal().agentProgress().orElseThrow().bytesWritten())
                .isEqualTo(GIB / 4);
        assertThat(conductor.flows.pollAgentProgress()).isEqualTo(1);
        assertThat(conductor.store.nodes().get(node).internal().agentProgress().orElseThrow().bytesWritten())
                .isEqualTo(GIB / 2);
        assertThat(conductor.store.nodes().get(node).provisionState()).as("the outcome is the heartbeat's")
                .isEqualTo(ProvisionState.DEPLOY_WAIT);
        heartbeat(node, token);
        conductor.await(node, ProvisionState.ACTIVE);
        assertThat(conductor.flows.pollAgentProgress()).as("nothing runs any more").isZero();
    }
}
