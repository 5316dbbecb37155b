package dev.ferrum.conductor.node;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.protocol.command.StepProgressReport;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;

/**
 * The latest progress the agent reported for the running deploy or clean step, as the conductor saw it
 * when it polled the command on a heartbeat. Ferrum's agent publishes a write's progress as the RUNNING
 * command's {@code command_result} ({@code bytes_written}, {@code total_bytes}, {@code bytes_per_second},
 * {@code eta_seconds}, {@code phase}); a stock IPA publishes none, and then there is no progress.
 */
public record AgentProgress(
        String step,
        Instant reportedAt,
        Optional<String> phase,
        long bytesWritten,
        Optional<Long> totalBytes,
        long bytesPerSecond,
        Optional<Duration> eta) {

    public AgentProgress {
        Objects.requireNonNull(step, "step");
        reportedAt = Objects.requireNonNull(reportedAt, "reportedAt").truncatedTo(ChronoUnit.MICROS);
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(totalBytes, "totalBytes");
        Objects.requireNonNull(eta, "eta");
    }

    /**
     * Reads a RUNNING command's {@code command_result}; empty when it is not a progress report (IPA's
     * null, or a step that publishes something else), so nothing is made up.
     */
    public static Optional<AgentProgress> fromCommandResult(String step, JsonNode result, Instant at) {
        return StepProgressReport.read(result).map(report -> new AgentProgress(step, at, report.phase(),
                report.bytesWritten(), report.totalBytes(), report.bytesPerSecond(),
                report.etaSeconds().map(Duration::ofSeconds)));
    }

    /** Bytes written out of the total, 0–100, when the total is known. */
    public Optional<Integer> percent() {
        return totalBytes.filter(total -> total > 0)
                .map(total -> (int) Math.min(100, Math.max(0, bytesWritten * 100 / total)));
    }

    /** The {@code driver_internal_info.agent_progress} form (also the stored form). */
    public ObjectNode toJson() {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.put("step", step);
        out.put("reported_at", DriverInternalInfo.timestamp(reportedAt));
        phase.ifPresentOrElse(p -> out.put("phase", p), () -> out.putNull("phase"));
        out.put("bytes_written", bytesWritten);
        totalBytes.ifPresentOrElse(t -> out.put("total_bytes", t), () -> out.putNull("total_bytes"));
        percent().ifPresentOrElse(p -> out.put("percent", p), () -> out.putNull("percent"));
        out.put("bytes_per_second", bytesPerSecond);
        eta.ifPresentOrElse(e -> out.put("eta_seconds", e.toSeconds()), () -> out.putNull("eta_seconds"));
        return out;
    }

    static Optional<AgentProgress> fromJson(JsonNode stored) {
        if (stored == null || !stored.isObject() || !stored.hasNonNull("step") || !stored.hasNonNull("reported_at")) {
            return Optional.empty();
        }
        return fromCommandResult(stored.get("step").asText(), stored,
                DriverInternalInfo.instant(stored.get("reported_at").asText()));
    }

}
