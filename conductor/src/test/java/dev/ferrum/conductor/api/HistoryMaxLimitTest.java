package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.state.ProvisionState;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The configured {@code max_limit} (Ironic's {@code [api]max_limit}) pages a node's history, as it does the node
 * list: without a limit, or with a larger one, a page holds {@code max_limit} entries and a {@code next} link, and
 * following the links walks every entry once, oldest first.
 */
class HistoryMaxLimitTest {
    private static final int MAX_LIMIT = 3;
    private static final int ENTRIES = 8;

    @TempDir
    Path temp;
    private ApiFixture api;
    private String node;

    @BeforeEach
    void start() {
        api = new ApiFixture(temp, new ApiConfig(ApiConfig.SUPPORTED, new ApiAuth.Tokens(List.of(ApiFixture.TOKEN)),
                4096, ApiFixture.CONDUCTOR, true, MAX_LIMIT));
        node = api.createNode("long-lived");
        for (int i = 0; i < ENTRIES; i++) {
            api.store.history().append(new NodeEvent(UUID.randomUUID(), UUID.fromString(node), Instant.now(),
                    ProvisionState.ENROLL, ProvisionState.ENROLL, "power.action", NodeEvent.Severity.INFO,
                    "entry " + i, Optional.of(ApiFixture.CONDUCTOR), "power", "power.action", Optional.empty(),
                    JsonNodeFactory.instance.objectNode()));
        }
    }

    @AfterEach
    void stop() {
        api.close();
    }

    private JsonNode get(String pathAndQuery) {
        ApiFixture.Reply reply = api.send("GET", pathAndQuery, Optional.empty(), "1.78");
        assertThat(reply.status()).as(reply.raw()).isEqualTo(200);
        return reply.body();
    }

    @Test
    void withoutALimitTheNextLinksWalkTheWholeHistoryInPagesOfMaxLimit() {
        List<String> seen = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        JsonNode page = get("/v1/nodes/" + node + "/history");
        while (true) {
            sizes.add(page.get("history").size());
            seen.addAll(page.get("history").findValuesAsText("event"));
            if (!page.has("next")) {
                break;
            }
            URI next = URI.create(page.get("next").asText());
            assertThat(next.getQuery()).startsWith("limit=" + MAX_LIMIT + "&marker=");
            page = get(next.getRawPath() + "?" + next.getRawQuery());
        }
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < ENTRIES; i++) {
            expected.add("entry " + i);
        }
        assertThat(seen).containsExactlyElementsOf(expected);
        assertThat(sizes).containsExactly(3, 3, 2);
    }

    @Test
    void aLargerLimitIsCappedAndTheNodeListFollowsTheSameCap() {
        assertThat(get("/v1/nodes/" + node + "/history?limit=100").get("history")).hasSize(MAX_LIMIT);
        assertThat(get("/v1/nodes/" + node + "/history?limit=2").get("history")).hasSize(2);
        for (int i = 0; i < MAX_LIMIT; i++) {
            api.createNode("more-" + i);
        }
        JsonNode nodes = get("/v1/nodes?limit=50");
        assertThat(nodes.get("nodes")).hasSize(MAX_LIMIT);
        assertThat(nodes.has("next")).isTrue();
    }
}
