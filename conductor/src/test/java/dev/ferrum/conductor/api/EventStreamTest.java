package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import at.favre.lib.crypto.bcrypt.BCrypt;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.ferrum.conductor.auth.UserDirectory;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.state.ProvisionState;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code GET /v1/events/stream} with a Java SSE client, as docs/events.md promises it: authenticated as the API is,
 * a project sees only its nodes' events, every event carries its fleet-wide id, the history record and the node,
 * and a client reconnecting with {@code Last-Event-ID} gets what it missed.
 */
class EventStreamTest {
    private static final String PASSWORD = "correct horse";
    private static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path temp;
    private ApiFixture api;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private UUID owned;
    private UUID foreign;

    @BeforeEach
    void start() throws Exception {
        StringBuilder htpasswd = new StringBuilder();
        for (String user : List.of("sysreader", "sysadmin", "ownreader")) {
            htpasswd.append(user).append(':').append(BCrypt.with(BCrypt.Version.VERSION_2Y)
                    .hashToString(4, PASSWORD.toCharArray())).append('\n');
        }
        Path users = Files.writeString(temp.resolve("htpasswd"), htpasswd);
        Path roles = Files.writeString(temp.resolve("roles"), String.join("\n", "sysreader system reader",
                "sysadmin system admin", "ownreader project proj-a reader", ""));
        api = new ApiFixture(temp, new ApiAuth.HttpBasic(new UserDirectory(users, roles)));
        owned = create("owned", "proj-a");
        foreign = create("foreign", "proj-b");
    }

    @AfterEach
    void stop() {
        api.close();
    }

    private UUID create(String name, String owner) {
        ApiFixture.Reply reply = api.sendAs(basic("sysadmin"), "POST", "/v1/nodes", Optional.of(
                "{\"driver\":\"fake-hardware\",\"name\":\"" + name + "\",\"owner\":\"" + owner + "\"}"));
        assertThat(reply.status()).as(reply.raw()).isEqualTo(201);
        return UUID.fromString(reply.body().get("uuid").asText());
    }

    private static String basic(String user) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));
    }

    private SseClient open(String user, String query, Map<String, String> extra) throws Exception {
        Map<String, String> headers = new java.util.HashMap<>(extra);
        headers.put("Authorization", basic(user));
        return new SseClient(http, api.base + "/v1/events/stream" + query, headers);
    }

    private void record(UUID node, String kind, String message) {
        api.store.history().append(new NodeEvent(UUID.randomUUID(), node, Instant.now(), ProvisionState.ENROLL,
                ProvisionState.ENROLL, kind, NodeEvent.Severity.INFO, message, Optional.of(ApiFixture.CONDUCTOR),
                "power", kind, Optional.of("sysadmin"), JsonNodeFactory.instance.objectNode().put("target", "power on")));
    }

    private JsonNode data(SseClient.Event event) throws Exception {
        return api.json.readTree(event.data());
    }

    @Test
    void aSystemReaderFollowsTheFleetAndResumesAfterTheLastEventId() throws Exception {
        long firstId;
        try (SseClient stream = open("sysreader", "", Map.of())) {
            assertThat(stream.status).isEqualTo(200);
            assertThat(stream.contentType).hasValueSatisfying(t -> assertThat(t).startsWith("text/event-stream"));
            assertThat(stream.retry(WAIT)).contains("3000");
            record(owned, "power.action", "first");
            record(foreign, "power.action", "second");

            SseClient.Event first = stream.next(WAIT);
            SseClient.Event second = stream.next(WAIT);
            assertThat(first.type()).isEqualTo("node");
            JsonNode firstData = data(first);
            assertThat(firstData.at("/history/event").asText()).isEqualTo("first");
            assertThat(firstData.at("/history/kind").asText()).isEqualTo("power.action");
            assertThat(firstData.at("/history/event_type").asText()).isEqualTo("power");
            assertThat(firstData.at("/history/user").asText()).isEqualTo("sysadmin");
            assertThat(firstData.at("/history/details/target").asText()).isEqualTo("power on");
            assertThat(firstData.at("/node/uuid").asText()).isEqualTo(owned.toString());
            assertThat(firstData.at("/node/name").asText()).isEqualTo("owned");
            assertThat(firstData.at("/node/provision_state").asText()).isEqualTo("enroll");
            assertThat(data(second).at("/node/uuid").asText()).isEqualTo(foreign.toString());
            firstId = Long.parseLong(first.id().orElseThrow());
            assertThat(firstData.at("/history/id").asLong()).isEqualTo(firstId);
            assertThat(Long.parseLong(second.id().orElseThrow())).isGreaterThan(firstId);
        }
        record(owned, "maintenance.set", "while away");
        try (SseClient resumed = open("sysreader", "", Map.of("Last-Event-ID", Long.toString(firstId)))) {
            assertThat(data(resumed.next(WAIT)).at("/history/event").asText()).isEqualTo("second");
            assertThat(data(resumed.next(WAIT)).at("/history/event").asText()).isEqualTo("while away");
        }
        try (SseClient byQuery = open("sysreader", "?last_event_id=" + firstId + "&node=owned", Map.of())) {
            assertThat(data(byQuery.next(WAIT)).at("/history/event").asText())
                    .as("the node filter skips the foreign node's entry").isEqualTo("while away");
        }
    }

    @Test
    void aProjectSeesOnlyItsNodesAndOtherNodesAreHidden() throws Exception {
        try (SseClient stream = open("ownreader", "", Map.of())) {
            assertThat(stream.status).isEqualTo(200);
            record(foreign, "power.action", "not yours");
            record(owned, "power.action", "yours");
            SseClient.Event seen = stream.next(WAIT);
            assertThat(data(seen).at("/node/uuid").asText()).isEqualTo(owned.toString());
            assertThat(data(seen).at("/history/event").asText()).isEqualTo("yours");
            assertThat(stream.poll(Duration.ofSeconds(1))).isEmpty();
        }
        try (SseClient hidden = open("ownreader", "?node=" + foreign, Map.of())) {
            assertThat(hidden.status).isEqualTo(404);
        }
    }

    @Test
    void refusesWhatTheApiRefuses() throws Exception {
        try (SseClient anonymous = new SseClient(http, api.base + "/v1/events/stream", Map.of())) {
            assertThat(anonymous.status).isEqualTo(401);
        }
        try (SseClient badCursor = open("sysreader", "", Map.of("Last-Event-ID", "yesterday"))) {
            assertThat(badCursor.status).isEqualTo(400);
        }
        try (SseClient unknown = open("sysreader", "?since=1", Map.of())) {
            assertThat(unknown.status).isEqualTo(400);
        }
        ApiFixture.Reply post = api.sendAs(basic("sysadmin"), "POST", "/v1/events/stream", Optional.of("{}"));
        assertThat(post.status()).isEqualTo(405);
    }
}
