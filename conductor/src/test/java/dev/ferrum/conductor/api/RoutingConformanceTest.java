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

/**
 * Ironic's routing as stock clients exercise it: the trailing slash the {@code baremetal} CLI sends on every
 * filtered list, version-less paths (the bookmark links), unknown paths answered with Ironic's JSON 404, and
 * the query parameters an endpoint does not take refused with 400 "Unexpected arguments".
 */
class RoutingConformanceTest {
    private static final String CLI_VERSION = "1.82";

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

    private ApiFixture.Reply get(String path) {
        return api.send("GET", path, Optional.empty(), CLI_VERSION);
    }

    @Test
    void trailingSlashListsAsTheCliSendsThem() {
        String enrolled = api.createNode("enrolled");
        api.post("/v1/ports", "{\"node_uuid\":\"" + enrolled + "\",\"address\":\"52:54:00:00:00:01\"}");
        String other = api.createNode("other");
        api.post("/v1/ports", "{\"node_uuid\":\"" + other + "\",\"address\":\"52:54:00:00:00:02\"}");

        var slashed = get("/v1/nodes/?provision_state=enroll&fields=uuid,name");
        assertThat(slashed.status()).isEqualTo(200);
        assertThat(slashed.body()).isEqualTo(get("/v1/nodes?provision_state=enroll&fields=uuid,name").body());
        assertThat(slashed.body().get("nodes")).hasSize(2);

        var ports = get("/v1/ports/?node=" + enrolled);
        assertThat(ports.status()).isEqualTo(200);
        assertThat(ports.body().get("ports")).hasSize(1);
        assertThat(ports.body().get("ports").get(0).get("address").asText()).isEqualTo("52:54:00:00:00:01");

        var detail = get("/v1/nodes/detail/");
        assertThat(detail.status()).isEqualTo(200);
        assertThat(detail.body().get("nodes").get(0).has("driver_info")).isTrue();
        assertThat(get("/v1/nodes/" + enrolled + "/").body().get("uuid").asText()).isEqualTo(enrolled);
        assertThat(get("/v1/nodes/" + enrolled + "/ports/").body().get("ports")).hasSize(1);
    }

    @Test
    void aTrailingSlashWorksForChangesToo() {
        var created = api.send("POST", "/v1/nodes/", Optional.of("{\"driver\":\"fake-hardware\",\"name\":\"n1\"}"),
                CLI_VERSION);
        assertThat(created.status()).isEqualTo(201);
        String uuid = created.body().get("uuid").asText();
        var patched = api.send("PATCH", "/nodes/" + uuid + "/",
                Optional.of("[{\"op\":\"add\",\"path\":\"/extra/a\",\"value\":\"b\"}]"), CLI_VERSION);
        assertThat(patched.status()).isEqualTo(200);
        assertThat(patched.body().path("extra").path("a").asText()).isEqualTo("b");
        assertThat(api.send("DELETE", "/nodes/" + uuid + "/", Optional.empty(), CLI_VERSION).status()).isEqualTo(204);
    }

    @Test
    void versionlessPathsAreV1Paths() {
        String uuid = api.createNode("plain");
        api.patch("/v1/nodes/" + uuid, "[{\"op\":\"add\",\"path\":\"/instance_uuid\","
                + "\"value\":\"6b3f8f1e-3c7e-4d6f-9a5e-1f2d3c4b5a69\"}]");
        assertThat(get("/nodes/" + uuid).body()).isEqualTo(get("/v1/nodes/" + uuid).body());
        assertThat(get("/nodes/plain").body().get("uuid").asText()).isEqualTo(uuid);
        var byInstance = get("/nodes/detail?instance_uuid=6b3f8f1e-3c7e-4d6f-9a5e-1f2d3c4b5a69");
        assertThat(byInstance.status()).isEqualTo(200);
        assertThat(byInstance.body().get("nodes")).hasSize(1);
        assertThat(get("/drivers/fake-hardware").body()).isEqualTo(get("/v1/drivers/fake-hardware").body());
        assertThat(get("/drivers").status()).isEqualTo(200);
        // The version headers are answered on version-less paths as on /v1 ones.
        assertThat(get("/nodes").header("X-OpenStack-Ironic-API-Version")).hasValue(CLI_VERSION);
    }

    @Test
    void everyLinkFerrumReturnsResolvesAndItsBookmarkToTheSameDocument() {
        String uuid = api.createNode("linked");
        String port = api.post("/v1/ports", "{\"node_uuid\":\"" + uuid + "\",\"address\":\"52:54:00:00:00:03\"}")
                .body().get("uuid").asText();
        List<JsonNode> documents = List.of(get("/v1/nodes/" + uuid).body(), get("/v1/ports/" + port).body(),
                get("/v1/drivers/fake-hardware").body(), get("/v1/nodes").body(), get("/v1/ports").body(),
                get("/v1/drivers").body(), get("/v1").body());
        List<String> hrefs = new ArrayList<>();
        documents.forEach(d -> collectHrefs(d, hrefs));
        assertThat(hrefs).contains(api.base + "/nodes/" + uuid, api.base + "/ports/" + port,
                api.base + "/nodes/" + uuid + "/ports", api.base + "/nodes/" + uuid + "/states");
        for (String href : hrefs) {
            if (!href.startsWith(api.base)) {
                continue;
            }
            String path = href.substring(api.base.length());
            var reply = get(path);
            // A link to a resource a later change adds still answers as its /v1 path does (Ironic's 404 body).
            String v1 = path.startsWith("/v1") ? path : "/v1" + path;
            var versioned = get(v1);
            assertThat(reply.status()).as(href).isEqualTo(versioned.status());
            assertThat(reply.body()).as(href).isEqualTo(versioned.body());
            if (reply.status() == 404) {
                assertThat(api.faultOf(reply)).as(href).isNotBlank();
            }
        }
        for (String resolves : List.of("/nodes/" + uuid, "/ports/" + port, "/nodes/" + uuid + "/ports",
                "/nodes/" + uuid + "/states", "/drivers/fake-hardware", "/nodes/", "/ports/")) {
            assertThat(get(resolves).status()).as(resolves).isEqualTo(200);
        }
    }

    private static void collectHrefs(JsonNode node, List<String> out) {
        if (node.isObject()) {
            node.properties().forEach(e -> {
                if (e.getKey().equals("href") && e.getValue().isTextual()) {
                    out.add(e.getValue().asText());
                } else {
                    collectHrefs(e.getValue(), out);
                }
            });
        } else if (node.isArray()) {
            node.forEach(child -> collectHrefs(child, out));
        }
    }

    @Test
    void unknownPathsGetIronicsJson404() {
        for (String path : List.of("/v1/bogus", "/bogus", "/bogus/deeper/", "/v1/nodes/x/bogus", "/v2/nodes")) {
            var reply = get(path);
            assertThat(reply.status()).as(path).isEqualTo(404);
            assertThat(reply.header("Content-Type")).as(path).hasValueSatisfying(t -> assertThat(t)
                    .startsWith("application/json"));
            assertThat(api.faultOf(reply)).as(path).isNotBlank();
        }
    }

    @Test
    void rootAndV1DocumentsStayAsTheyAre() {
        var root = api.send("GET", "/", Optional.empty(), Optional.empty(), Optional.empty());
        assertThat(root.status()).isEqualTo(200);
        assertThat(root.body().get("name").asText()).isEqualTo("OpenStack Ironic API");
        assertThat(root.header("X-OpenStack-Ironic-API-Version")).isEmpty();
        for (String path : List.of("/v1", "/v1/")) {
            var v1 = get(path);
            assertThat(v1.status()).as(path).isEqualTo(200);
            assertThat(v1.body().get("id").asText()).isEqualTo("v1");
            assertThat(v1.body().get("links").get(0).get("href").asText()).isEqualTo(api.base + "/v1/");
        }
    }

    @Test
    void unexpectedQueryParametersAreRefusedAsIronicDoes() {
        String uuid = api.createNode("strict");
        String port = api.post("/v1/ports", "{\"node_uuid\":\"" + uuid + "\",\"address\":\"52:54:00:00:00:04\"}")
                .body().get("uuid").asText();
        for (String path : List.of("/v1/nodes?bogus=1", "/v1/nodes?name=x", "/v1/nodes/?bogus=", "/v1/nodes/detail?bogus=1",
                "/v1/nodes/" + uuid + "?bogus=1", "/v1/ports?bogus=1", "/v1/ports/detail?bogus=1", "/v1/ports/" + port
                        + "?bogus=1", "/v1/nodes/" + uuid + "/ports?bogus=1", "/v1/drivers?bogus=1",
                "/v1/drivers/fake-hardware?bogus=1", "/v1/allocations?bogus=1", "/v1/nodes/" + uuid + "/history?bogus=1")) {
            var reply = get(path);
            assertThat(reply.status()).as(path).isEqualTo(400);
            assertThat(api.faultOf(reply)).as(path).startsWith("Unexpected arguments: ");
        }
        assertThat(api.faultOf(get("/v1/nodes?name=x&bogus=1&limit=1"))).isEqualTo("Unexpected arguments: bogus, name");
        // A /detail path takes neither fields nor detail, as Ironic's detail handler does not.
        assertThat(api.faultOf(get("/v1/nodes/detail?fields=uuid"))).isEqualTo("Unexpected arguments: fields");
        assertThat(api.faultOf(get("/v1/ports/detail?detail=true"))).isEqualTo("Unexpected arguments: detail");
        // Every parameter of Ironic's signatures is taken, even where Ferrum does not filter on it yet.
        for (String path : List.of("/v1/nodes?conductor_group=x&sort_key=name&sort_dir=asc", "/v1/nodes?fields=uuid",
                "/v1/nodes/" + uuid + "?fields=uuid", "/v1/ports?fields=uuid&address=52:54:00:00:00:04",
                "/v1/drivers?type=dynamic&detail=true", "/v1/allocations?state=active&fields=uuid",
                "/v1/nodes/" + uuid + "/history?detail=true&limit=5")) {
            assertThat(get(path).status()).as(path).isEqualTo(200);
        }
    }
}
