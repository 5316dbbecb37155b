package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeInterfaces;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.conductor.port.Port;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lists past Ironic's {@code max_limit} (1,000) and the version header as stock clients send it: a page that
 * is full carries {@code next} whether or not the client gave a limit, so following it reaches every item.
 */
class ListConformanceTest {
    private static final int MORE_THAN_A_PAGE = Paging.MAX_LIMIT + 1;

    @TempDir
    Path temp;
    ApiFixture api;

    @BeforeEach
    void start() {
        api = ApiFixture.withToken(temp);
    }

    @AfterEach
    void stop() {
        api.close();
    }

    private Set<String> follow(String path, String collection, int expectedPages) {
        Set<String> seen = new HashSet<>();
        String next = path;
        int pages = 0;
        while (next != null) {
            var reply = api.get(next);
            assertThat(reply.status()).as(next).isEqualTo(200);
            JsonNode page = reply.body();
            page.get(collection).forEach(item -> seen.add(item.get("uuid").asText()));
            pages++;
            next = page.has("next") ? page.get("next").asText().substring(api.base.length()) : null;
            if (next != null) {
                assertThat(page.get(collection)).hasSize(Paging.MAX_LIMIT);
            }
        }
        assertThat(pages).as(path).isEqualTo(expectedPages);
        return seen;
    }

    @Test
    void aNodeListWithoutLimitGivesNextWhenMoreRemain() {
        Set<String> created = new HashSet<>();
        for (int i = 0; i < MORE_THAN_A_PAGE; i++) {
            UUID uuid = UUID.randomUUID();
            api.store.nodes().create(Node.builder(uuid, "fake-hardware", Instant.now())
                    .interfaces(NodeInterfaces.allOf("fake")).build());
            created.add(uuid.toString());
        }
        JsonNode first = api.get("/v1/nodes").body();
        assertThat(first.get("nodes")).hasSize(Paging.MAX_LIMIT);
        String last = first.get("nodes").get(Paging.MAX_LIMIT - 1).get("uuid").asText();
        assertThat(first.get("next").asText()).isEqualTo(api.base + "/v1/nodes?limit=1000&marker=" + last);
        assertThat(follow("/v1/nodes", "nodes", 2)).isEqualTo(created);
        assertThat(follow("/v1/nodes/detail", "nodes", 2)).isEqualTo(created);
        // The filters are repeated in the next link.
        String filtered = api.get("/v1/nodes?provision_state=enroll&fields=uuid").body().get("next").asText();
        assertThat(filtered).startsWith(api.base + "/v1/nodes?fields=uuid&provision_state=enroll&limit=1000&marker=");
        assertThat(follow("/v1/nodes?provision_state=enroll&fields=uuid", "nodes", 2)).isEqualTo(created);
        // A limit above max_limit is capped to it, and still pages.
        assertThat(api.get("/v1/nodes?limit=5000").body().get("nodes")).hasSize(Paging.MAX_LIMIT);
    }

    @Test
    void aPortListWithoutLimitGivesNextWhenMoreRemain() {
        UUID node = UUID.fromString(api.createNode("many-ports"));
        Set<String> created = new HashSet<>();
        for (int i = 0; i < MORE_THAN_A_PAGE; i++) {
            UUID uuid = UUID.randomUUID();
            String mac = String.format(Locale.ROOT, "52:54:00:00:%02x:%02x", i / 256, i % 256);
            api.store.ports().create(Port.create(uuid, MacAddresses.parse(mac), node, Instant.now()));
            created.add(uuid.toString());
        }
        assertThat(follow("/v1/ports", "ports", 2)).isEqualTo(created);
        assertThat(follow("/v1/ports/detail", "ports", 2)).isEqualTo(created);
        assertThat(follow("/v1/nodes/many-ports/ports", "ports", 2)).isEqualTo(created);
    }

    @Test
    void allocationsPageAsTheOtherListsDo() {
        Set<String> created = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            var reply = api.post("/v1/allocations", "{\"resource_class\":\"nothing-matches\",\"name\":\"a" + i
                    + "\"}");
            assertThat(reply.status()).as(reply.raw()).isEqualTo(201);
            created.add(reply.body().get("uuid").asText());
        }
        JsonNode first = api.get("/v1/allocations?resource_class=nothing-matches&limit=2").body();
        assertThat(first.get("allocations")).hasSize(2);
        String last = first.get("allocations").get(1).get("uuid").asText();
        assertThat(first.get("next").asText()).isEqualTo(api.base
                + "/v1/allocations?resource_class=nothing-matches&limit=2&marker=" + last);
        Set<String> seen = new HashSet<>();
        first.get("allocations").forEach(a -> seen.add(a.get("uuid").asText()));
        JsonNode second = api.get(first.get("next").asText().substring(api.base.length())).body();
        assertThat(second.get("allocations")).hasSize(1);
        assertThat(second.has("next")).isFalse();
        second.get("allocations").forEach(a -> seen.add(a.get("uuid").asText()));
        assertThat(seen).isEqualTo(created);
        assertThat(api.get("/v1/allocations").body().has("next")).isFalse();
    }

    @Test
    void aLimitBelowOneIsRefused() {
        for (String limit : new String[] {"0", "-1", "x"}) {
            var reply = api.get("/v1/nodes?limit=" + limit);
            assertThat(reply.status()).as(limit).isEqualTo(400);
            assertThat(api.get("/v1/ports?limit=" + limit).status()).as(limit).isEqualTo(400);
            assertThat(api.get("/v1/allocations?limit=" + limit).status()).as(limit).isEqualTo(400);
        }
        assertThat(api.faultOf(api.get("/v1/nodes?limit=0"))).isEqualTo("Limit must be positive");
    }

    /**
     * Ironic reads an empty version header as no header (its parser falls back to the default, the minimum
     * version), so an empty one is served at 1.1 with 1.1 fields, not refused.
     */
    @Test
    void anEmptyVersionHeaderIsServedAtTheMinimumAsIronicDoes() throws Exception {
        api.createNode("versioned");
        HttpClient http = HttpClient.newHttpClient();
        for (String empty : new String[] {"", " "}) {
            HttpResponse<String> reply = http.send(HttpRequest.newBuilder(URI.create(api.base + "/v1/nodes/detail"))
                    .header("X-OpenStack-Ironic-API-Version", empty).header("X-Auth-Token", ApiFixture.TOKEN).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(reply.statusCode()).isEqualTo(200);
            assertThat(reply.headers().firstValue("X-OpenStack-Ironic-API-Version")).hasValue("1.1");
            JsonNode node = api.json.readTree(reply.body()).get("nodes").get(0);
            assertThat(node.has("name")).isFalse();
        }
        // The standard header (openstacksdk/keystoneauth send it) is read first; of a folded list the last counts.
        HttpResponse<String> standard = http.send(HttpRequest.newBuilder(URI.create(api.base + "/v1/nodes"))
                .header("OpenStack-API-Version", "compute 2.1, baremetal 1.50")
                .header("X-OpenStack-Ironic-API-Version", "1.20").header("X-Auth-Token", ApiFixture.TOKEN).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(standard.headers().firstValue("X-OpenStack-Ironic-API-Version")).hasValue("1.50");
        assertThat(api.send("GET", "/v1/nodes", Optional.empty(), "1.1, 1.31")
                .header("X-OpenStack-Ironic-API-Version")).hasValue("1.31");
        var malformed = api.send("GET", "/v1/nodes", Optional.empty(), "1");
        assertThat(malformed.status()).isEqualTo(406);
        assertThat(api.faultOf(malformed)).contains("Invalid value for X-OpenStack-Ironic-API-Version header");
    }
}
