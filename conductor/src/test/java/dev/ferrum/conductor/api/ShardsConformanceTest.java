package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code GET /v1/shards} (1.82): node counts per shard as Ironic answers them, and the version gate. */
class ShardsConformanceTest {
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

    @Test
    void countsNodesPerShardMostFirstWithUnshardedAsNone() {
        assertThat(api.get("/v1/shards").body().get("shards")).isEmpty();
        for (String shard : new String[] {"east", "east", "west"}) {
            assertThat(api.post("/v1/nodes", "{\"driver\":\"fake-hardware\",\"shard\":\"" + shard + "\"}").status())
                    .isEqualTo(201);
        }
        api.createNode("no-shard");
        var reply = api.get("/v1/shards");
        assertThat(reply.status()).isEqualTo(200);
        JsonNode shards = reply.body().get("shards");
        assertThat(shards).hasSize(3);
        assertThat(shards.get(0).get("name").asText()).isEqualTo("east");
        assertThat(shards.get(0).get("count").asInt()).isEqualTo(2);
        assertThat(shards.get(1).get("count").asInt()).isEqualTo(1);
        assertThat(shards.get(2).get("count").asInt()).isEqualTo(1);
        assertThat(java.util.List.of(shards.get(1).get("name").asText(), shards.get(2).get("name").asText()))
                .containsExactlyInAnyOrder("None", "west");
        assertThat(VersionsTest.keys(shards.get(0))).containsExactly("name", "count");
    }

    @Test
    void belowVersion182ThereAreNoShardsAndNoSingleShard() {
        assertThat(api.send("GET", "/v1/shards", Optional.empty(), "1.81").status()).isEqualTo(404);
        assertThat(api.get("/v1/shards/east").status()).isEqualTo(404);
        assertThat(api.send("POST", "/v1/shards", Optional.of("{}"), "latest").status()).isEqualTo(405);
    }
}
