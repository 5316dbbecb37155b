package dev.ferrum.sandbox.flow;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.Optional;

/**
 * How far a machine's image write is, as the conductor last heard it from the agent: the node's
 * {@code driver_internal_info.agent_progress} (Ferrum's conductor records it from the running
 * {@code deploy.write_image} command). Absent when the conductor has no report yet.
 */
public record ImageWriteProgress(long bytesWritten, Optional<Long> totalBytes, Optional<Integer> percent,
        long bytesPerSecond, Optional<Duration> eta) {

    /** The write progress a node document (from {@code GET /v1/nodes/<id>}) carries, if any. */
    public static Optional<ImageWriteProgress> of(JsonNode node) {
        JsonNode progress = node.path("driver_internal_info").path("agent_progress");
        if (!progress.isObject() || !progress.path("step").asText().equals("deploy.write_image")
                || !progress.path("bytes_written").canConvertToLong()) {
            return Optional.empty();
        }
        return Optional.of(new ImageWriteProgress(progress.get("bytes_written").asLong(), number(progress, "total_bytes"),
                number(progress, "percent").map(Long::intValue), progress.path("bytes_per_second").asLong(0),
                number(progress, "eta_seconds").map(Duration::ofSeconds)));
    }

    private static Optional<Long> number(JsonNode node, String key) {
        JsonNode value = node.get(key);
        return value != null && value.canConvertToLong() ? Optional.of(value.asLong()) : Optional.empty();
    }
}
