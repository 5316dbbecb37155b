package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node's console, boot mode, secure boot, NMI and indicators with fake-hardware, whose fake interfaces
 * answer as Ironic's: a console that starts and stops, two indicators reading "on", and no NMI, boot mode,
 * secure boot or indicator setting.
 */
class NodeManagementConformanceTest {
    @TempDir
    Path temp;
    ApiFixture api;
    String node;

    @BeforeEach
    void start() {
        api = ApiFixture.withToken(temp);
        node = api.createNode("managed");
    }

    @AfterEach
    void stop() {
        api.close();
    }

    private ApiFixture.Reply send(String method, String path, String body, String version) {
        return api.send(method, path, Optional.ofNullable(body), version);
    }

    private JsonNode await(String path, Predicate<JsonNode> done) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            last = api.get(path).body();
            if (done.test(last)) {
                return last;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("never reached at " + path + ": " + last);
    }

    @Test
    void theConsoleStartsAndStops() {
        JsonNode off = api.get("/v1/nodes/" + node + "/states/console").body();
        assertThat(off.toString()).isEqualTo("{\"console_enabled\":false,\"console_info\":null}");
        var enable = api.put("/v1/nodes/" + node + "/states/console", "{\"enabled\":true}");
        assertThat(enable.status()).as(enable.raw()).isEqualTo(202);
        assertThat(enable.header("Location")).hasValue(api.base + "/v1/nodes/" + node + "/states/console");
        JsonNode on = await("/v1/nodes/" + node + "/states/console", b -> b.get("console_enabled").asBoolean());
        assertThat(on.get("console_info").isObject()).isTrue();
        assertThat(api.get("/v1/nodes/" + node).body().get("console_enabled").asBoolean()).isTrue();
        assertThat(api.get("/v1/nodes/" + node + "/states").body().get("console_enabled").asBoolean()).isTrue();
        assertThat(api.put("/v1/nodes/" + node + "/states/console", "{\"enabled\":false}").status()).isEqualTo(202);
        await("/v1/nodes/" + node + "/states/console", b -> !b.get("console_enabled").asBoolean());
        assertThat(api.put("/v1/nodes/" + node + "/states/console", "{}").status()).isEqualTo(400);
        assertThat(api.put("/v1/nodes/" + node + "/states/console", "{\"enabled\":\"maybe\"}").status())
                .isEqualTo(400);
        assertThat(api.get("/v1/nodes/missing/states/console").status()).isEqualTo(404);
    }

    @Test
    void bootModeAndSecureBootAreAcceptedThenFailOnTheFakeInterface() {
        var mode = send("PUT", "/v1/nodes/" + node + "/states/boot_mode", "{\"target\":\"uefi\"}", "1.76");
        assertThat(mode.status()).as(mode.raw()).isEqualTo(202);
        assertThat(mode.header("Location")).hasValue(api.base + "/v1/nodes/" + node + "/states");
        JsonNode failed = await("/v1/nodes/" + node, b -> !b.get("last_error").isNull());
        assertThat(failed.get("last_error").asText()).isEqualTo("Failed to change boot mode to 'uefi: Driver"
                + " fake-hardware does not support set_boot_mode (disabled or not implemented).");

        var secure = send("PUT", "/v1/nodes/" + node + "/states/secure_boot", "{\"target\":true}", "1.76");
        assertThat(secure.status()).isEqualTo(202);
        await("/v1/nodes/" + node, b -> b.get("last_error").asText().startsWith("Failed to change secure_boot state"
                + " to 'True': "));

        var badMode = send("PUT", "/v1/nodes/" + node + "/states/boot_mode", "{\"target\":\"legacy\"}", "1.76");
        assertThat(badMode.status()).isEqualTo(400);
        assertThat(api.faultOf(badMode)).isEqualTo("Invalid boot mode legacy requested for node. Allowed boot modes"
                + " are: bios, uefi");
        assertThat(send("PUT", "/v1/nodes/" + node + "/states/secure_boot", "{\"target\":\"yes\"}", "1.76").status())
                .isEqualTo(400);
        assertThat(send("PUT", "/v1/nodes/" + node + "/states/boot_mode", "{\"target\":\"uefi\"}", "1.75").status())
                .isEqualTo(404);
        assertThat(send("PUT", "/v1/nodes/" + node + "/states/secure_boot", "{\"target\":true}", "1.75").status())
                .isEqualTo(404);
    }

    @Test
    void nmiIsRefusedByTheFakeManagementAndGatedAt129() {
        var nmi = send("PUT", "/v1/nodes/" + node + "/management/inject_nmi", "{}", "1.29");
        assertThat(nmi.status()).isEqualTo(400);
        assertThat(api.faultOf(nmi)).isEqualTo("Driver fake-hardware does not support inject_nmi (disabled or not"
                + " implemented).");
        assertThat(send("PUT", "/v1/nodes/" + node + "/management/inject_nmi", "{}", "1.28").status()).isEqualTo(404);
    }

    @Test
    void indicatorsAreListedAndRead() {
        var list = send("GET", "/v1/nodes/" + node + "/management/indicators", null, "1.63");
        assertThat(list.status()).isEqualTo(200);
        JsonNode indicators = list.body().get("indicators");
        assertThat(indicators).hasSize(2);
        JsonNode chassis = indicators.get(0);
        assertThat(chassis.get("name").asText()).isEqualTo("led-0@chassis");
        assertThat(chassis.get("component").asText()).isEqualTo("chassis");
        assertThat(chassis.get("readonly").asBoolean()).isTrue();
        assertThat(chassis.get("states").toString()).isEqualTo("[\"off\",\"on\"]");
        assertThat(chassis.get("links").get(0).get("href").asText())
                .isEqualTo(api.base + "/v1/nodes/" + node + "/management/indicators/led-0@chassis");
        assertThat(indicators.get(1).get("name").asText()).isEqualTo("led@system");
        assertThat(indicators.get(1).get("readonly").asBoolean()).isFalse();

        var state = send("GET", "/v1/nodes/" + node + "/management/indicators/led@system", null, "1.63");
        assertThat(state.body().toString()).isEqualTo("{\"state\":\"on\"}");
        var unknown = send("GET", "/v1/nodes/" + node + "/management/indicators/led@disk", null, "1.63");
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(api.faultOf(unknown)).isEqualTo("Invalid component disk specified.");
        var malformed = send("GET", "/v1/nodes/" + node + "/management/indicators/led", null, "1.63");
        assertThat(malformed.status()).isEqualTo(400);
        assertThat(api.faultOf(malformed)).isEqualTo("Malformed indicator name \"led\"");
        var set = send("PUT", "/v1/nodes/" + node + "/management/indicators/led@system", "{\"state\":\"off\"}",
                "1.63");
        assertThat(set.status()).isEqualTo(400);
        assertThat(api.faultOf(set)).contains("set_indicator_state");
        assertThat(send("GET", "/v1/nodes/" + node + "/management/indicators", null, "1.62").status())
                .isEqualTo(404);
    }
}
