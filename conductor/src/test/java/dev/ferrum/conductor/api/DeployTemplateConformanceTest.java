package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ironic's deploy templates API (1.55) over HTTP as a stock client sees it. */
class DeployTemplateConformanceTest {
    private static final String STEP = "{\"interface\":\"bios\",\"step\":\"apply_configuration\","
            + "\"args\":{\"settings\":[{\"name\":\"LogicalProc\",\"value\":\"Enabled\"}]},\"priority\":150}";

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

    private ApiFixture.Reply at(String version, String method, String path, String body) {
        return api.send(method, path, Optional.ofNullable(body), version);
    }

    private ApiFixture.Reply create(String name, String steps) {
        return api.post("/v1/deploy_templates", "{\"name\":\"" + name + "\",\"steps\":" + steps + "}");
    }

    @Test
    void createAnswersWithTheWholeTemplateAndItsLinks() {
        var reply = at("1.55", "POST", "/v1/deploy_templates", "{\"name\":\"CUSTOM_HYPERTHREADING_ON\",\"steps\":["
                + STEP + "],\"extra\":{\"k\":\"v\"}}");
        assertThat(reply.status()).as(reply.raw()).isEqualTo(201);
        JsonNode template = reply.body();
        String uuid = template.get("uuid").asText();
        assertThat(VersionsTest.keys(template)).containsExactly("uuid", "created_at", "updated_at", "name", "extra",
                "links", "steps");
        assertThat(template.get("steps").get(0).get("priority").asInt()).isEqualTo(150);
        assertThat(template.get("steps").get(0).get("interface").asText()).isEqualTo("bios");
        assertThat(template.get("links").get(0).get("href").asText())
                .isEqualTo(api.base + "/v1/deploy_templates/" + uuid);
        assertThat(reply.header("Location")).hasValue(api.base + "/v1/deploy_templates/" + uuid);
        assertThat(api.get("/v1/deploy_templates/" + uuid).body().get("name").asText())
                .isEqualTo("CUSTOM_HYPERTHREADING_ON");
        assertThat(api.get("/v1/deploy_templates/CUSTOM_HYPERTHREADING_ON").body().get("uuid").asText()).isEqualTo(uuid);
    }

    @Test
    void belowVersion155TheResourceDoesNotExist() {
        assertThat(at("1.54", "GET", "/v1/deploy_templates", null).status()).isEqualTo(404);
        assertThat(at("1.54", "POST", "/v1/deploy_templates", "{\"name\":\"CUSTOM_A\",\"steps\":[" + STEP + "]}")
                .status()).isEqualTo(405);
        assertThat(api.get("/v1/deploy_templates").body().get("deploy_templates")).isEmpty();
    }

    @Test
    void namesMustBeUniqueCustomTraits() {
        assertThat(create("CUSTOM_A", "[" + STEP + "]").status()).isEqualTo(201);
        var duplicate = create("CUSTOM_A", "[" + STEP + "]");
        assertThat(duplicate.status()).isEqualTo(409);
        assertThat(api.faultOf(duplicate)).contains("A deploy template with name CUSTOM_A already exists");
        for (String name : List.of("custom_a", "CUSTOM_", "NOT_CUSTOM", "CUSTOM_a-b")) {
            assertThat(create(name, "[" + STEP + "]").status()).as(name).isEqualTo(400);
        }
    }

    @Test
    void stepsAreValidated() {
        for (String steps : List.of("[]", "\"x\"",
                "[{\"interface\":\"network\",\"step\":\"s\",\"args\":{},\"priority\":1}]",
                "[{\"interface\":\"bios\",\"step\":\"\",\"args\":{},\"priority\":1}]",
                "[{\"interface\":\"bios\",\"step\":\"s\",\"args\":[],\"priority\":1}]",
                "[{\"interface\":\"bios\",\"step\":\"s\",\"args\":{},\"priority\":-1}]",
                "[{\"interface\":\"bios\",\"step\":\"s\",\"args\":{},\"priority\":\"high\"}]",
                "[{\"interface\":\"bios\",\"step\":\"s\",\"args\":{}}]",
                "[{\"interface\":\"bios\",\"step\":\"s\",\"args\":{},\"priority\":1,\"colour\":1}]",
                "[" + STEP + "," + STEP + "]")) {
            var reply = create("CUSTOM_X", steps);
            assertThat(reply.status()).as(steps).isEqualTo(400);
            api.faultOf(reply);
        }
        var stringPriority = create("CUSTOM_X", "[{\"interface\":\"deploy\",\"step\":\"s\",\"args\":{},"
                + "\"priority\":\"10\"}]");
        assertThat(stringPriority.status()).as(stringPriority.raw()).isEqualTo(201);
        assertThat(stringPriority.body().get("steps").get(0).get("priority").asInt()).isEqualTo(10);
        assertThat(api.post("/v1/deploy_templates", "{\"steps\":[" + STEP + "]}").status()).isEqualTo(400);
        assertThat(api.post("/v1/deploy_templates", "{\"name\":\"CUSTOM_Y\"}").status()).isEqualTo(400);
    }

    @Test
    void secretArgumentsAreMasked() {
        var reply = create("CUSTOM_S", "[{\"interface\":\"management\",\"step\":\"s\",\"args\":{\"password\":\"p\","
                + "\"user\":\"u\"},\"priority\":1}]");
        JsonNode args = reply.body().get("steps").get(0).get("args");
        assertThat(args.get("password").asText()).isEqualTo("******");
        assertThat(args.get("user").asText()).isEqualTo("u");
    }

    @Test
    void listsArePlainDetailedOrTheAskedFieldsAndPage() {
        for (String name : List.of("CUSTOM_C", "CUSTOM_A", "CUSTOM_B")) {
            create(name, "[" + STEP + "]");
        }
        JsonNode plain = api.get("/v1/deploy_templates").body().get("deploy_templates");
        assertThat(VersionsTest.keys(plain.get(0))).containsExactly("uuid", "name", "links");
        JsonNode detail = api.get("/v1/deploy_templates?detail=true").body().get("deploy_templates");
        assertThat(detail.get(0).has("steps")).isTrue();
        JsonNode fields = api.get("/v1/deploy_templates?fields=name,steps").body().get("deploy_templates");
        assertThat(VersionsTest.keys(fields.get(0))).containsExactly("name", "links", "steps");
        var page = api.get("/v1/deploy_templates?limit=2&sort_key=name").body();
        assertThat(page.get("deploy_templates").get(0).get("name").asText()).isEqualTo("CUSTOM_A");
        assertThat(page.get("deploy_templates").get(1).get("name").asText()).isEqualTo("CUSTOM_B");
        String next = page.get("next").asText();
        var rest = api.get(next.substring(api.base.length())).body().get("deploy_templates");
        assertThat(rest).hasSize(1);
        assertThat(rest.get(0).get("name").asText()).isEqualTo("CUSTOM_C");
        assertThat(api.get("/v1/deploy_templates?sort_key=steps").status()).isEqualTo(400);
        assertThat(api.get("/v1/deploy_templates?fields=bogus").status()).isEqualTo(400);
    }

    @Test
    void patchRenamesAndEditsSteps() {
        String uuid = create("CUSTOM_A", "[" + STEP + "]").body().get("uuid").asText();
        create("CUSTOM_TAKEN", "[" + STEP + "]");
        var reply = api.patch("/v1/deploy_templates/CUSTOM_A", "[{\"op\":\"replace\",\"path\":\"/name\","
                + "\"value\":\"CUSTOM_B\"},{\"op\":\"replace\",\"path\":\"/steps/0/priority\",\"value\":20},"
                + "{\"op\":\"add\",\"path\":\"/steps/-\",\"value\":{\"interface\":\"raid\",\"step\":\"delete_configuration\","
                + "\"args\":{},\"priority\":30}}]");
        assertThat(reply.status()).as(reply.raw()).isEqualTo(200);
        assertThat(reply.body().get("name").asText()).isEqualTo("CUSTOM_B");
        assertThat(reply.body().get("steps")).hasSize(2);
        assertThat(reply.body().get("steps").get(0).get("priority").asInt()).isEqualTo(20);
        assertThat(reply.body().get("updated_at").isNull()).isFalse();
        var taken = api.patch("/v1/deploy_templates/" + uuid, "[{\"op\":\"replace\",\"path\":\"/name\","
                + "\"value\":\"CUSTOM_TAKEN\"}]");
        assertThat(taken.status()).isEqualTo(409);
        assertThat(api.patch("/v1/deploy_templates/" + uuid, "[{\"op\":\"remove\",\"path\":\"/steps\"}]").status())
                .isEqualTo(400);
        assertThat(api.patch("/v1/deploy_templates/" + uuid, "[{\"op\":\"replace\",\"path\":\"/steps/0/interface\","
                + "\"value\":\"network\"}]").status()).isEqualTo(400);
        assertThat(api.patch("/v1/deploy_templates/" + uuid, "[{\"op\":\"replace\",\"path\":\"/uuid\","
                + "\"value\":\"" + UUID.randomUUID() + "\"}]").status()).isEqualTo(400);
        assertThat(api.get("/v1/deploy_templates/" + uuid).body().get("name").asText()).isEqualTo("CUSTOM_B");
    }

    @Test
    void deleteByNameOrUuidAndUnknownIs404() {
        create("CUSTOM_A", "[" + STEP + "]");
        assertThat(api.delete("/v1/deploy_templates/CUSTOM_A").status()).isEqualTo(204);
        var missing = api.get("/v1/deploy_templates/CUSTOM_A");
        assertThat(missing.status()).isEqualTo(404);
        assertThat(api.faultOf(missing)).contains("Deploy template CUSTOM_A could not be found");
        assertThat(api.delete("/v1/deploy_templates/" + UUID.randomUUID()).status()).isEqualTo(404);
    }

    @Test
    void theV1DocumentLinksToDeployTemplates() {
        String href = api.get("/v1").body().get("deploy_templates").get(0).get("href").asText();
        assertThat(href).isEqualTo(api.base + "/v1/deploy_templates/");
        assertThat(api.get(href.substring(api.base.length(), href.length() - 1)).status()).isEqualTo(200);
        assertThat(at("1.54", "GET", "/v1", null).body().has("deploy_templates")).isFalse();
        assertThat(at("1.55", "GET", "/v1", null).body().has("deploy_templates")).isTrue();
    }
}
