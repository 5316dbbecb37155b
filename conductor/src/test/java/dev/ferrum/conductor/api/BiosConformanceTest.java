package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.bios.BiosSetting;
import dev.ferrum.conductor.driver.bios.FakeBios;
import dev.ferrum.conductor.driver.step.StepServices;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code /v1/nodes/<id>/bios} (1.40, registry fields and detail/fields at 1.74) over the fake bios interface. */
class BiosConformanceTest {
    @TempDir
    Path temp;
    ApiFixture api;
    String node;

    @BeforeEach
    void start() {
        api = ApiFixture.withToken(temp);
        node = api.createNode("bios-node");
    }

    @AfterEach
    void stop() {
        api.close();
    }

    private ApiFixture.Reply get(String path, String version) {
        return api.send("GET", path, Optional.empty(), version);
    }

    private void seed() {
        var registry = new BiosSetting.Registry(Optional.of("Enumeration"), Optional.of(List.of("Enabled", "Disabled")),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.of(false), Optional.of(true),
                Optional.of(false), Optional.empty());
        api.store.bios().replaceAll(UUID.fromString(node), List.of(new BiosSetting("ProcVirtualization",
                Optional.of("Disabled"), registry, Instant.now(), Optional.empty())));
        Map<String, String> changes = new LinkedHashMap<>();
        changes.put("ProcVirtualization", "Enabled");
        changes.put("BootMode", "Uefi");
        new FakeBios().applyConfiguration(api.store.nodes().get(UUID.fromString(node)), changes,
                new StepServices(api.store, Clock.systemUTC()));
    }

    @Test
    void settingsAreListedAndShownWithLinks() {
        assertThat(get("/v1/nodes/" + node + "/bios", "1.40").body().get("bios")).isEmpty();
        seed();
        var list = get("/v1/nodes/" + node + "/bios", "1.40");
        assertThat(list.status()).isEqualTo(200);
        JsonNode items = list.body().get("bios");
        assertThat(items).hasSize(2);
        JsonNode first = items.get(0);
        assertThat(VersionsTest.keys(first)).containsExactly("created_at", "updated_at", "name", "value", "links");
        assertThat(first.get("name").asText()).isEqualTo("BootMode");
        assertThat(first.get("links").get(0).get("href").asText()).isEqualTo(api.base + "/v1/nodes/" + node
                + "/bios/BootMode");
        assertThat(items.get(1).get("value").asText()).isEqualTo("Enabled");
        assertThat(items.get(1).get("updated_at").isNull()).isFalse();

        var one = get("/v1/nodes/bios-node/bios/ProcVirtualization", "1.40");
        assertThat(one.status()).isEqualTo(200);
        assertThat(VersionsTest.keys(one.body())).containsExactly("ProcVirtualization");
        assertThat(VersionsTest.keys(one.body().get("ProcVirtualization"))).containsExactly("created_at",
                "updated_at", "name", "value", "links");
        var missing = get("/v1/nodes/" + node + "/bios/Nope", "1.40");
        assertThat(missing.status()).isEqualTo(404);
        assertThat(api.faultOf(missing)).isEqualTo("Node " + node + " doesn't have a BIOS setting 'Nope'");
    }

    @Test
    void registryFieldsDetailAndFieldsFrom174() {
        seed();
        JsonNode shown = get("/v1/nodes/" + node + "/bios/ProcVirtualization", "1.74").body().get("ProcVirtualization");
        assertThat(VersionsTest.keys(shown)).contains("attribute_type", "allowable_values", "lower_bound",
                "max_length", "min_length", "read_only", "reset_required", "unique", "upper_bound");
        assertThat(shown.get("attribute_type").asText()).isEqualTo("Enumeration");
        assertThat(shown.get("allowable_values").toString()).isEqualTo("[\"Enabled\",\"Disabled\"]");
        assertThat(shown.get("reset_required").asBoolean()).isTrue();
        assertThat(shown.get("upper_bound").isNull()).isTrue();
        JsonNode plain = get("/v1/nodes/" + node + "/bios", "1.74").body().get("bios").get(0);
        assertThat(plain.has("attribute_type")).isFalse();
        JsonNode detail = get("/v1/nodes/" + node + "/bios?detail=True", "1.74").body().get("bios").get(1);
        assertThat(detail.get("allowable_values")).hasSize(2);
        JsonNode names = get("/v1/nodes/" + node + "/bios?fields=name", "1.74").body().get("bios").get(0);
        assertThat(VersionsTest.keys(names)).containsExactly("created_at", "updated_at", "name", "links");

        assertThat(get("/v1/nodes/" + node + "/bios?detail=True", "1.73").status()).isEqualTo(400);
        assertThat(get("/v1/nodes/" + node + "/bios?fields=name", "1.73").status()).isEqualTo(400);
        assertThat(get("/v1/nodes/" + node + "/bios?fields=name&detail=True", "1.74").status()).isEqualTo(400);
        assertThat(get("/v1/nodes/" + node + "/bios?fields=colour", "1.74").status()).isEqualTo(400);
    }

    @Test
    void gatedAt140AndDeletedWithTheNode() {
        seed();
        assertThat(get("/v1/nodes/" + node + "/bios", "1.39").status()).isEqualTo(404);
        assertThat(get("/v1/nodes/" + node + "/bios/BootMode", "1.39").status()).isEqualTo(404);
        assertThat(get("/v1/nodes/missing/bios", "1.40").status()).isEqualTo(404);
        assertThat(api.delete("/v1/nodes/" + node).status()).isEqualTo(204);
        assertThat(api.store.bios().list(UUID.fromString(node))).isEmpty();
    }
}
