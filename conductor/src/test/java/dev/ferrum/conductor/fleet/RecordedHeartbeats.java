package dev.ferrum.conductor.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BiConsumer;

/**
 * What the conductor recorded: each node's {@code driver_internal_info.agent_last_heartbeat}, read
 * through the node list API. The heartbeat endpoint answers 202 before the conductor records the
 * heartbeat under the node's lock, so a 202 alone does not prove the work was done; comparing the
 * recorded time with when each agent sent its last accepted heartbeat does.
 */
final class RecordedHeartbeats {
    private final HttpClient http;
    private final URI base;
    private final ObjectMapper json = new ObjectMapper();

    RecordedHeartbeats(HttpClient http, URI base) {
        this.http = http;
        this.base = base;
    }

    /** Every node's last recorded heartbeat; nodes without one are absent. */
    Map<UUID, Instant> read() throws IOException, InterruptedException {
        Map<UUID, Instant> recorded = new HashMap<>();
        // Ironic's naive UTC timestamps with microseconds.
        eachRecorded("agent_last_heartbeat", (uuid, at) -> recorded.put(uuid, LocalDateTime.parse(at)
                .toInstant(ZoneOffset.UTC)));
        return recorded;
    }

    /** Every node's recorded agent version (that of the heartbeat recorded last); nodes without one are absent. */
    Map<UUID, String> agentVersions() throws IOException, InterruptedException {
        Map<UUID, String> versions = new HashMap<>();
        eachRecorded("agent_version", versions::put);
        return versions;
    }

    /** Walks the node list page by page, handing on each node's non-empty {@code driver_internal_info.<key>}. */
    private void eachRecorded(String key, BiConsumer<UUID, String> found) throws IOException, InterruptedException {
        Optional<String> marker = Optional.empty();
        do {
            HttpRequest page = HttpRequest.newBuilder(base.resolve("/v1/nodes?fields=uuid,driver_internal_info&limit=1000"
                            + marker.map(m -> "&marker=" + m).orElse("")))
                    .header("X-OpenStack-Ironic-API-Version", "latest").GET().build();
            HttpResponse<String> answer = http.send(page, HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() != 200) {
                throw new IllegalStateException("listing nodes answered " + answer.statusCode() + ": " + answer.body());
            }
            JsonNode nodes = json.readTree(answer.body()).path("nodes");
            marker = Optional.empty();
            for (JsonNode node : nodes) {
                String uuid = node.path("uuid").asText();
                marker = Optional.of(uuid);
                String value = node.path("driver_internal_info").path(key).asText("");
                if (!value.isEmpty()) {
                    found.accept(UUID.fromString(uuid), value);
                }
            }
            if (nodes.size() < 1000) {
                marker = Optional.empty();
            }
        } while (marker.isPresent());
    }

    /** How many of {@code sent}'s nodes have no recorded heartbeat at least as new as the one sent. */
    static long missing(Map<UUID, Instant> sent, Map<UUID, Instant> recorded) {
        return sent.entrySet().stream().filter(e -> {
            Instant at = recorded.get(e.getKey());
            // The conductor stamps a heartbeat when it receives it, after the agent sent it; both clocks
            // are this machine's, truncated to microseconds as the store keeps them.
            return at == null || at.isBefore(e.getValue().truncatedTo(ChronoUnit.MICROS));
        }).count();
    }

    /**
     * Polls until every heartbeat in {@code sent} is recorded or {@code timeout} passes; returns how long
     * it took and how many were still missing at the end.
     */
    Drain awaitRecorded(Map<UUID, Instant> sent, Duration timeout) throws IOException, InterruptedException {
        long start = System.nanoTime();
        long missing;
        do {
            missing = missing(sent, read());
            if (missing == 0) {
                break;
            }
            Thread.sleep(100);
        } while (System.nanoTime() - start < timeout.toNanos());
        return new Drain(Duration.ofNanos(System.nanoTime() - start), missing);
    }

    /** How long the conductor took to record every accepted heartbeat after the load stopped, and how many it never did. */
    record Drain(Duration took, long missing) {
    }
}
