package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.store.NodeLock;
import java.nio.file.Path;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Node and driver vendor passthru with fake-hardware's vendor interface, as Ironic's fake one answers. */
class VendorPassthruConformanceTest {
    @TempDir
    Path temp;
    ApiFixture api;
    String node;

    @BeforeEach
    void start() {
        api = ApiFixture.withToken(temp);
        node = api.createNode("vendor-node");
    }

    @AfterEach
    void stop() {
        api.close();
    }

    private ApiFixture.Reply post(String path, String body) {
        return api.send("POST", path, Optional.ofNullable(body), "1.31");
    }

    @Test
    void theNodeMethodsAreListedWithTheirMetadata() {
        var reply = api.get("/v1/nodes/" + node + "/vendor_passthru/methods");
        assertThat(reply.status()).isEqualTo(200);
        JsonNode methods = reply.body();
        assertThat(VersionsTest.keys(methods)).containsExactlyInAnyOrder("second_method", "third_method_sync",
                "fourth_method_shared_lock", "log_passthrough");
        JsonNode sync = methods.get("third_method_sync");
        assertThat(sync.get("http_methods").toString()).isEqualTo("[\"POST\"]");
        assertThat(sync.get("async").asBoolean()).isFalse();
        assertThat(sync.get("attach").asBoolean()).isFalse();
        assertThat(sync.get("require_exclusive_lock").asBoolean()).isTrue();
        assertThat(sync.get("description").asText()).isEqualTo("Test if the value of bar is meow");
        assertThat(methods.get("second_method").get("async").asBoolean()).isTrue();
        assertThat(methods.get("fourth_method_shared_lock").get("require_exclusive_lock").asBoolean()).isFalse();
    }

    @Test
    void syncMethodsAnswer200WithTheirValueAndAsyncOnes202() {
        var meow = post("/v1/nodes/" + node + "/vendor_passthru?method=third_method_sync", "{\"bar\":\"meow\"}");
        assertThat(meow.status()).as(meow.raw()).isEqualTo(200);
        assertThat(meow.raw()).isEqualTo("true");
        var woof = post("/v1/nodes/vendor-node/vendor_passthru?method=third_method_sync", "{\"bar\":\"woof\"}");
        assertThat(woof.raw()).isEqualTo("false");
        assertThat(post("/v1/nodes/" + node + "/vendor_passthru/third_method_sync", "{\"bar\":\"meow\"}").raw())
                .isEqualTo("true");
        // Async methods keep the node locked until they ran, so they come last.
        var async = post("/v1/nodes/" + node + "/vendor_passthru?method=second_method", "{\"bar\":\"kazoo\"}");
        assertThat(async.status()).isEqualTo(202);
        assertThat(async.raw()).isEmpty();
        assertThat(post("/v1/nodes/" + node + "/vendor_passthru?method=log_passthrough", null).status())
                .isEqualTo(202);
    }

    @Test
    void unknownMethodsWrongVerbsAndMissingArgumentsAre400() {
        var unknown = post("/v1/nodes/" + node + "/vendor_passthru?method=first_method", "{\"bar\":\"baz\"}");
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(api.faultOf(unknown)).isEqualTo("No handler for method first_method");
        var verb = api.send("GET", "/v1/nodes/" + node + "/vendor_passthru?method=second_method", Optional.empty(),
                "1.31");
        assertThat(verb.status()).isEqualTo(400);
        assertThat(api.faultOf(verb)).isEqualTo("The method second_method does not support HTTP GET");
        var noBar = post("/v1/nodes/" + node + "/vendor_passthru?method=second_method", "{}");
        assertThat(noBar.status()).isEqualTo(400);
        assertThat(api.faultOf(noBar)).isEqualTo("Parameter 'bar' not passed to method 'second_method'.");
        var noMethod = post("/v1/nodes/" + node + "/vendor_passthru", "{}");
        assertThat(noMethod.status()).isEqualTo(400);
        assertThat(api.faultOf(noMethod)).isEqualTo("Method not specified");
        assertThat(post("/v1/nodes/missing/vendor_passthru?method=second_method", "{\"bar\":\"x\"}").status())
                .isEqualTo(404);
    }

    @Test
    void aLockedNodeRefusesExclusiveMethodsOnly() {
        NodeLock lock = api.store.locks().acquire(UUID.fromString(node), "another-conductor");
        try {
            var exclusive = post("/v1/nodes/" + node + "/vendor_passthru?method=second_method", "{\"bar\":\"x\"}");
            assertThat(exclusive.status()).isEqualTo(409);
            var shared = post("/v1/nodes/" + node + "/vendor_passthru?method=fourth_method_shared_lock",
                    "{\"bar\":\"woof\"}");
            assertThat(shared.status()).isEqualTo(202);
        } finally {
            api.store.locks().release(lock);
        }
    }

    @Test
    void driverPassthruUsesTheTypesDefaultVendorInterface() {
        var methods = api.get("/v1/drivers/fake-hardware/vendor_passthru/methods");
        assertThat(methods.status()).isEqualTo(200);
        assertThat(methods.body().isObject()).isTrue();
        assertThat(methods.body().isEmpty()).isTrue();
        var call = post("/v1/drivers/fake-hardware/vendor_passthru?method=lookup", "{}");
        assertThat(call.status()).isEqualTo(400);
        assertThat(api.faultOf(call)).isEqualTo("No handler for method lookup");
        var missing = api.get("/v1/drivers/no-such-driver/vendor_passthru/methods");
        assertThat(missing.status()).isEqualTo(404);
        assertThat(api.faultOf(missing)).contains("no-such-driver");
    }
}
