package dev.ferrum.conductor.node;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Reading the agent's progress report, and keeping it through driver_internal_info's stored form. */
class AgentProgressTest {
    private final ObjectMapper json = new ObjectMapper();
    private final Instant at = Instant.parse("2026-11-23T10:00:00.123456Z");

    @Test
    void aWriteReportBecomesProgressAndSurvivesTheStore() throws Exception {
        var report = json.readTree("{\"phase\":\"streaming\",\"bytes_downloaded\":300,\"bytes_written\":250,"
                + "\"total_bytes\":1000,\"bytes_per_second\":50,\"eta_seconds\":15,\"resumes\":0}");
        AgentProgress progress = AgentProgress.fromCommandResult("deploy.write_image", report, at).orElseThrow();

        assertThat(progress.percent()).contains(25);
        assertThat(progress.eta()).contains(Duration.ofSeconds(15));
        InternalState state = InternalState.empty().withAgentProgress(Optional.of(progress));
        assertThat(DriverInternalInfo.fromStored(DriverInternalInfo.toStored(state)).agentProgress()).contains(progress);
        assertThat(DriverInternalInfo.render(state).get("agent_progress")).hasValueSatisfying(shown ->
                assertThat(shown.path("percent").asInt()).isEqualTo(25));
    }

    @Test
    void anUnknownTotalHasNoPercentAndNonReportsAreNoProgress() throws Exception {
        var unknownTotal = json.readTree("{\"bytes_written\":250,\"total_bytes\":null,\"eta_seconds\":null}");
        assertThat(AgentProgress.fromCommandResult("deploy.write_image", unknownTotal, at).orElseThrow().percent())
                .isEmpty();
        assertThat(AgentProgress.fromCommandResult("deploy.write_image", json.nullNode(), at)).isEmpty();
        assertThat(AgentProgress.fromCommandResult("deploy.write_image",
                json.readTree("{\"deploy_result\":null}"), at)).isEmpty();
    }

    @Test
    void aNewStepPlanOrAGoneAgentDropsTheProgress() throws Exception {
        var report = json.readTree("{\"bytes_written\":1,\"total_bytes\":2}");
        InternalState state = InternalState.empty().withAgentProgress(
                AgentProgress.fromCommandResult("deploy.write_image", report, at));
        assertThat(state.withStepPlan(Optional.empty()).agentProgress()).isEmpty();
        assertThat(state.withoutAgent().agentProgress()).isEmpty();
        assertThat(state.withWaitDeadline(Optional.of(at)).agentProgress()).isPresent();
    }
}
