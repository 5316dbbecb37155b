package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.state.ProvisionState;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A node's history pages as Ironic's lists do, and carries Ferrum's timeline fields beside Ironic's. */
class HistoryPagingTest {
    @TempDir
    Path temp;
    private ApiFixture api;
    private String node;

    @BeforeEach
    void start() {
        api = ApiFixture.withToken(temp);
        node = api.createNode("paged");
        for (int i = 0; i < 5; i++) {
            api.store.history().append(new NodeEvent(UUID.randomUUID(), UUID.fromString(node), Instant.now(),
                    ProvisionState.ENROLL, ProvisionState.ENROLL, "power.sync", NodeEvent.Severity.WARNING,
                    "entry " + i, Optional.of(ApiFixture.CONDUCTOR), "power", "power.sync", Optional.empty(),
                    JsonNodeFactory.instance.objectNode().put("actual", "power off")));
        }
    }

    @AfterEach
    void stop() {
        api.close();
    }

    private JsonNode history(String query) {
        ApiFixture.Reply reply = api.send("GET", "/v1/nodes/" + node + "/history" + query, Optional.empty(), "1.78");
        assertThat(reply.status()).as(reply.raw()).isEqualTo(200);
        return reply.body();
    }

    @Test
    void pagesByLimitAndMarkerWithANextLink() {
        JsonNode first = history("?limit=2");
        assertThat(first.get("history").findValuesAsText("event")).containsExactly("entry 0", "entry 1");
        assertThat(first.get("next").asText()).endsWith("/v1/nodes/" + node + "/history?limit=2&marker="
                + first.get("history").get(1).get("uuid").asText());
        JsonNode second = history("?limit=2&marker=" + first.get("history").get(1).get("uuid").asText());
        assertThat(second.get("history").findValuesAsText("event")).containsExactly("entry 2", "entry 3");
        JsonNode last = history("?limit=2&marker=" + second.get("history").get(1).get("uuid").asText());
        assertThat(last.get("history").findValuesAsText("event")).containsExactly("entry 4");
        assertThat(last.has("next")).isFalse();
        assertThat(api.send("GET", "/v1/nodes/" + node + "/history?marker=" + UUID.randomUUID(), Optional.empty(),
                "1.78").status()).isEqualTo(404);
        assertThat(api.send("GET", "/v1/nodes/" + node + "/history?since=1", Optional.empty(), "1.78").status())
                .isEqualTo(400);
    }

    @Test
    void recordsCarryTheTimelineFieldsAndDetailListsTheSame() {
        JsonNode record = history("").get("history").get(0);
        assertThat(record.get("event_type").asText()).isEqualTo("power");
        assertThat(record.get("severity").asText()).isEqualTo("WARNING");
        assertThat(record.get("kind").asText()).isEqualTo("power.sync");
        assertThat(record.get("node_uuid").asText()).isEqualTo(node);
        assertThat(record.get("id").asLong()).isPositive();
        assertThat(record.get("details").get("actual").asText()).isEqualTo("power off");
        assertThat(record.get("from_state").asText()).isEqualTo("enroll");
        ApiFixture.Reply detail = api.send("GET", "/v1/nodes/" + node + "/history/detail", Optional.empty(), "1.78");
        assertThat(detail.status()).isEqualTo(200);
        assertThat(detail.body().get("history")).hasSize(5);
    }
}
