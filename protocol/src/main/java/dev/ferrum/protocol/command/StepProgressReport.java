package dev.ferrum.protocol.command;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.protocol.json.WireValues;
import java.util.Optional;

/**
 * The progress Ferrum's agent reports while a long step (an image write) runs, as the RUNNING command's
 * {@code command_result}: phase, bytes downloaded and written, the total when known, the rate, the ETA in
 * seconds when known, and download resumes. Stock IPA reports none ({@code command_result} null).
 */
public record StepProgressReport(
        String phase,
        long bytesDownloaded,
        long bytesWritten,
        Optional<Long> totalBytes,
        long bytesPerSecond,
        Optional<Long> etaSeconds,
        int resumes) {

    public StepProgressReport {
        WireValues.requireText(phase, "progress phase");
        totalBytes = WireValues.orEmpty(totalBytes);
        etaSeconds = WireValues.orEmpty(etaSeconds);
    }

    /**
     * The progress a command result reports, read leniently as the conductor polls it: empty when the result
     * is no progress report (IPA's null, or a step that publishes something else: no numeric
     * {@code bytes_written}), so nothing is made up; other keys default when missing or not numbers.
     */
    public static Optional<Read> read(JsonNode result) {
        if (result == null || !result.isObject() || !result.path("bytes_written").canConvertToLong()) {
            return Optional.empty();
        }
        JsonNode phase = result.get("phase");
        return Optional.of(new Read(phase == null || phase.isNull() ? Optional.empty() : Optional.of(phase.asText()),
                result.get("bytes_written").asLong(), number(result, "total_bytes"),
                result.path("bytes_per_second").asLong(0), number(result, "eta_seconds")));
    }

    /** What a conductor takes from a progress report (or from its own stored copy of one). */
    public record Read(Optional<String> phase, long bytesWritten, Optional<Long> totalBytes, long bytesPerSecond,
                       Optional<Long> etaSeconds) {
    }

    private static Optional<Long> number(JsonNode node, String key) {
        JsonNode value = node.get(key);
        return value != null && value.canConvertToLong() ? Optional.of(value.asLong()) : Optional.empty();
    }
}
