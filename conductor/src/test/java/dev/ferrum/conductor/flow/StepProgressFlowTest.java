package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.node.AgentProgress;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * While a deploy or clean step runs, each heartbeat's poll of the command records the agent's progress
 * report on the node as {@code driver_internal_info.agent_progress}, the API shows it, and it is gone once
 * the step ended.
 */
class StepProgressFlowTest {
    private static final String MAC = "02:fc:00:00:00:07";
    private static final long GIB = 1L << 30;
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;
    private final FakeAgent agent = flow.agent();

    private ObjectNode report(String phase, long written, long rate, long eta) {
        ObjectNode report = conductor.json.createObjectNode();
        report.put("phase", phase).put("bytes_downloaded", written).put("bytes_written", written)
                .put("total_bytes", GIB).put("bytes_per_second", rate).put("eta_seconds", eta).put("resumes", 0);
        return report;
    }

    @Test
    void theRunningWriteReportsProgressThroughTheNode() {
        conductor = flow.start(FlowConfig.defaults().withAutomatedClean(false));
        UUID node = conductor.createNode("progress-1", MAC, FlowFixture.DIRECT_RAW_IMAGE);
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        conductor.provision(node, "active");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
        agent.reportStepProgress(List.of(report("streaming", GIB / 4, 50L << 20, 15),
                report("streaming", GIB * 3 / 4, 60L << 20, 4)));
        String token = conductor.expect(200, conductor.get("/v1/lookup?addresses=" + MAC, "1.68"))
                .body().path("config").path("agent_token").asText();
        agent.token(token);

        conductor.heartbeat(agent, node, token);
        Node started = conductor.awaitNode(node, n -> agent.receivedNames().contains("deploy.execute_deploy_step")
                && n.provisionState() == ProvisionState.DEPLOY_WAIT, "started write_image");
        assertThat(started.internal().agentProgress()).as("IPA-style RUNNING answer has no progress").isEmpty();

        conductor.heartbeat(agent, node, token);
        Node quarter = conductor.awaitNode(node, n -> n.internal().agentProgress().isPresent(), "recorded progress");
        AgentProgress first = quarter.internal().agentProgress().orElseThrow();
        assertThat(first.step()).isEqualTo("deploy.write_image");
        assertThat(first.percent()).contains(25);
        assertThat(first.bytesPerSecond()).isEqualTo(50L << 20);
        assertThat(first.eta()).contains(Duration.ofSeconds(15));
        JsonNode shown = conductor.expect(200, conductor.get("/v1/nodes/" + node, "latest")).body()
                .path("driver_internal_info").path("agent_progress");
        assertThat(shown.path("percent").asInt()).isEqualTo(25);
        assertThat(shown.path("bytes_written").asLong()).isEqualTo(GIB / 4);
        assertThat(shown.path("total_bytes").asLong()).isEqualTo(GIB);
        assertThat(shown.path("bytes_per_second").asLong()).isEqualTo(50L << 20);
        assertThat(shown.path("eta_seconds").asLong()).isEqualTo(15);
        assertThat(shown.path("phase").asText()).isEqualTo("streaming");

        conductor.heartbeat(agent, node, token);
        Node later = conductor.awaitNode(node, n -> n.internal().agentProgress().flatMap(AgentProgress::percent)
                .equals(Optional.of(75)), "recorded the second report");
        assertThat(later.internal().agentProgress().orElseThrow().eta()).contains(Duration.ofSeconds(4));

        conductor.heartbeat(agent, node, token);
        Node active = conductor.await(node, ProvisionState.ACTIVE);
        assertThat(active.internal().agentProgress()).as("progress of a finished step is dropped").isEmpty();
        assertThat(conductor.get("/v1/nodes/" + node, "latest").body().path("driver_internal_info")
                .has("agent_progress")).isFalse();
    }

    @Test
    void aRunningCleanStepReportsProgressUnderItsName() {
        conductor = flow.start(FlowConfig.defaults());
        UUID node = conductor.createNode("progress-2", MAC, FlowFixture.DIRECT_RAW_IMAGE);
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.CLEAN_WAIT);
        agent.reportStepProgress(List.of(report("zero_filling", GIB / 2, 80L << 20, 6)));
        String token = conductor.expect(200, conductor.get("/v1/lookup?addresses=" + MAC, "1.68"))
                .body().path("config").path("agent_token").asText();
        agent.token(token);

        conductor.heartbeat(agent, node, token);
        conductor.awaitNode(node, n -> agent.receivedNames().contains("clean.execute_clean_step")
                && n.provisionState() == ProvisionState.CLEAN_WAIT, "started the first clean step");
        conductor.heartbeat(agent, node, token);
        Node half = conductor.awaitNode(node, n -> n.internal().agentProgress().isPresent(), "recorded clean progress");

        AgentProgress progress = half.internal().agentProgress().orElseThrow();
        assertThat(progress.step()).isEqualTo("deploy.erase_devices_metadata");
        assertThat(progress.percent()).contains(50);
        assertThat(progress.phase()).contains("zero_filling");
        Node available = conductor.awaitNode(node, n -> {
            if (n.provisionState() == ProvisionState.AVAILABLE) {
                return true;
            }
            conductor.heartbeat(agent, node, token);
            FlowFixture.sleep(100);
            return false;
        }, "became available");
        assertThat(available.internal().agentProgress()).isEmpty();
    }
}
