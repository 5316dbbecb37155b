package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lists come in the order resources were created unless a sort_key says otherwise, as Ironic's (by row id);
 * paging with a marker keeps that order, and sort_key/sort_dir are followed by ports as by nodes.
 */
class ListOrderConformanceTest {
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

    private List<String> follow(String path, String key, String field) {
        List<String> seen = new ArrayList<>();
        String next = path;
        while (next != null) {
            JsonNode body = api.get(next).body();
            body.get(key).forEach(item -> seen.add(item.path(field).asText()));
            next = body.hasNonNull("next") ? body.get("next").asText().substring(api.base.length()) : null;
        }
        return seen;
    }

    @Test
    void nodesAndPortsListInCreationOrderAndFollowSortKeys() {
        List<String> names = List.of("zulu", "alpha", "mike", "bravo", "yankee");
        List<String> macs = List.of("52:54:00:00:00:05", "52:54:00:00:00:01", "52:54:00:00:00:04",
                "52:54:00:00:00:02", "52:54:00:00:00:03");
        for (int i = 0; i < names.size(); i++) {
            String uuid = api.post("/v1/nodes", "{\"driver\":\"fake-hardware\",\"name\":\"" + names.get(i) + "\"}")
                    .body().path("uuid").asText();
            assertThat(api.post("/v1/ports", "{\"node_uuid\":\"" + uuid + "\",\"address\":\"" + macs.get(i) + "\"}")
                    .status()).isEqualTo(201);
        }
        assertThat(follow("/v1/nodes?limit=2", "nodes", "name")).containsExactlyElementsOf(names);
        assertThat(follow("/v1/nodes?limit=2&sort_key=name&sort_dir=desc", "nodes", "name"))
                .containsExactly("zulu", "yankee", "mike", "bravo", "alpha");
        assertThat(follow("/v1/ports?limit=2", "ports", "address")).containsExactlyElementsOf(macs);
        assertThat(follow("/v1/ports?limit=2&sort_key=address", "ports", "address"))
                .containsExactly("52:54:00:00:00:01", "52:54:00:00:00:02", "52:54:00:00:00:03", "52:54:00:00:00:04",
                        "52:54:00:00:00:05");
        assertThat(follow("/v1/ports?limit=3&sort_key=address&sort_dir=desc", "ports", "address"))
                .containsExactly("52:54:00:00:00:05", "52:54:00:00:00:04", "52:54:00:00:00:03", "52:54:00:00:00:02",
                        "52:54:00:00:00:01");
        var bad = api.get("/v1/ports?sort_key=local_link_connection");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(api.get("/v1/ports?sort_dir=sideways").status()).isEqualTo(400);
    }
}
