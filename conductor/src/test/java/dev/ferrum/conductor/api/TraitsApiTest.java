package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraitsApiTest {
    @TempDir
    Path temp;
    ApiFixture api;
    String node;

    @BeforeEach
    void start() {
        api = ApiFixture.withToken(temp);
        node = api.createNode("traited");
    }

    @AfterEach
    void stop() {
        api.close();
    }

    @Test
    void setAddRemoveAndList() {
        assertThat(api.put("/v1/nodes/" + node + "/traits", "{\"traits\":[\"CUSTOM_A\",\"HW_CPU_X86_VMX\"]}").status())
                .isEqualTo(204);
        assertThat(api.put("/v1/nodes/traited/traits/CUSTOM_B", "").status()).isEqualTo(204);
        assertThat(api.get("/v1/nodes/" + node + "/traits").body().toString())
                .isEqualTo("{\"traits\":[\"CUSTOM_A\",\"HW_CPU_X86_VMX\",\"CUSTOM_B\"]}");
        assertThat(api.get("/v1/nodes/" + node).body().get("traits").size()).isEqualTo(3);
        assertThat(api.delete("/v1/nodes/" + node + "/traits/CUSTOM_A").status()).isEqualTo(204);
        assertThat(api.delete("/v1/nodes/" + node + "/traits/CUSTOM_A").status()).isEqualTo(404);
        assertThat(api.delete("/v1/nodes/" + node + "/traits").status()).isEqualTo(204);
        assertThat(api.get("/v1/nodes/" + node + "/traits").body().get("traits")).isEmpty();
    }

    @Test
    void badTraitsAndOldVersionsChangeNothing() {
        api.put("/v1/nodes/" + node + "/traits/CUSTOM_KEEP", "");
        var before = api.store.nodes().get(UUID.fromString(node));
        assertThat(api.put("/v1/nodes/" + node + "/traits", "{\"traits\":[\"bad trait\"]}").status()).isEqualTo(400);
        assertThat(api.put("/v1/nodes/" + node + "/traits", "{\"traits\":\"CUSTOM_X\"}").status()).isEqualTo(400);
        assertThat(api.put("/v1/nodes/" + node + "/traits/bad-trait", "").status()).isEqualTo(400);
        // Below 1.37 Ironic reads a GET of /traits as fields=traits: 406 (issue 9; it was 404).
        assertThat(api.send("GET", "/v1/nodes/" + node + "/traits", Optional.empty(), "1.36").status()).isEqualTo(406);
        assertThat(api.store.nodes().get(UUID.fromString(node))).isEqualTo(before);
    }
}
