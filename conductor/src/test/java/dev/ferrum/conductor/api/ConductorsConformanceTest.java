package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code /v1/conductors} (1.49) as a stock client reads it: list, detail, one, fields, paging, gating. */
class ConductorsConformanceTest {
    @TempDir
    Path temp;
    ApiFixture api;

    @BeforeEach
    void start() {
        api = ApiFixture.withToken(temp);
        api.store.conductors().register("b-conductor", List.of("ipmi"), "rack2");
        api.store.conductors().register("c-conductor", List.of("redfish"), "");
        api.store.conductors().unregister("c-conductor");
    }

    @AfterEach
    void stop() {
        api.close();
    }

    private ApiFixture.Reply at(String version, String path) {
        return api.send("GET", path, Optional.empty(), version);
    }

    private static List<String> hostnames(JsonNode list) {
        List<String> names = new ArrayList<>();
        list.get("conductors").forEach(c -> names.add(c.get("hostname").asText()));
        return names;
    }

    @Test
    void theListShowsHostnameGroupAndAliveWithLinks() {
        var reply = at("1.49", "/v1/conductors");
        assertThat(reply.status()).isEqualTo(200);
        assertThat(hostnames(reply.body())).containsExactly("test-conductor", "b-conductor", "c-conductor");
        for (JsonNode conductor : reply.body().get("conductors")) {
            assertThat(VersionsTest.keys(conductor)).containsExactlyInAnyOrder("hostname", "conductor_group", "alive",
                    "links");
            String host = conductor.get("hostname").asText();
            assertThat(conductor.get("links").get(0).get("href").asText()).isEqualTo(api.base + "/v1/conductors/" + host);
            assertThat(conductor.get("links").get(1).get("rel").asText()).isEqualTo("bookmark");
            assertThat(conductor.get("alive").asBoolean()).as(host).isEqualTo(!host.equals("c-conductor"));
        }
        assertThat(reply.body().get("conductors").get(1).get("conductor_group").asText()).isEqualTo("rack2");
    }

    @Test
    void detailAndOneConductorShowEverything() {
        var detail = at("latest", "/v1/conductors?detail=true");
        assertThat(detail.status()).isEqualTo(200);
        JsonNode first = detail.body().get("conductors").get(0);
        assertThat(VersionsTest.keys(first)).containsExactlyInAnyOrder("hostname", "conductor_group", "alive", "links",
                "drivers", "created_at", "updated_at");
        assertThat(first.get("drivers")).hasSize(2);
        var one = at("latest", "/v1/conductors/b-conductor");
        assertThat(one.status()).isEqualTo(200);
        assertThat(one.body().get("drivers").get(0).asText()).isEqualTo("ipmi");
        assertThat(one.body().get("alive").asBoolean()).isTrue();
        assertThat(one.body().get("created_at").asText()).endsWith("+00:00");
        var missing = at("latest", "/v1/conductors/nowhere");
        assertThat(missing.status()).isEqualTo(404);
        assertThat(api.faultOf(missing)).contains("Conductor nowhere could not be found.");
    }

    @Test
    void fieldsSelectAndBadFieldsAre400() {
        var some = at("latest", "/v1/conductors?fields=hostname,drivers");
        assertThat(VersionsTest.keys(some.body().get("conductors").get(0)))
                .containsExactlyInAnyOrder("hostname", "drivers", "links");
        var one = at("latest", "/v1/conductors/b-conductor?fields=alive");
        assertThat(VersionsTest.keys(one.body())).containsExactlyInAnyOrder("alive", "links");
        var bad = at("latest", "/v1/conductors?fields=hostname,colour");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(api.faultOf(bad)).contains("Field(s) \"colour\" are not valid");
        assertThat(at("latest", "/v1/conductors?fields=hostname&detail=true").status()).isEqualTo(400);
        assertThat(at("latest", "/v1/conductors?sort_key=alive").status()).isEqualTo(400);
        assertThat(at("latest", "/v1/conductors?sort_dir=up").status()).isEqualTo(400);
    }

    @Test
    void pagesFollowTheNextLinkByHostname() {
        var first = at("latest", "/v1/conductors?limit=2&sort_key=hostname");
        assertThat(hostnames(first.body())).containsExactly("b-conductor", "c-conductor");
        String next = first.body().get("next").asText();
        assertThat(next).startsWith(api.base + "/v1/conductors?").contains("limit=2").contains("marker=c-conductor");
        var second = at("latest", next.substring(api.base.length()));
        assertThat(hostnames(second.body())).containsExactly("test-conductor");
        assertThat(second.body().has("next")).isFalse();
        var descending = at("latest", "/v1/conductors?sort_key=hostname&sort_dir=desc");
        assertThat(hostnames(descending.body())).containsExactly("test-conductor", "c-conductor", "b-conductor");
    }

    @Test
    void belowVersion149TheResourceDoesNotExist() {
        assertThat(at("1.48", "/v1/conductors").status()).isEqualTo(404);
        assertThat(at("1.48", "/v1/conductors/b-conductor").status()).isEqualTo(404);
        assertThat(api.send("POST", "/v1/conductors", Optional.of("{}"), "latest").status()).isEqualTo(405);
    }

    @Test
    void aNodeShowsTheLiveConductorServingIt() {
        String ipmi = api.post("/v1/nodes", "{\"driver\":\"ipmi\",\"conductor_group\":\"rack2\"}").body()
                .get("uuid").asText();
        // b-conductor is the only live one in rack2 serving ipmi.
        assertThat(api.get("/v1/nodes/" + ipmi).body().get("conductor").asText()).isEqualTo("b-conductor");
        assertThat(at("1.48", "/v1/nodes/" + ipmi).body().has("conductor")).isFalse();
        String nobody = api.post("/v1/nodes", "{\"driver\":\"fake-hardware\",\"conductor_group\":\"rack9\"}").body()
                .get("uuid").asText();
        assertThat(api.get("/v1/nodes/" + nobody).body().get("conductor").isNull()).isTrue();
    }
}
