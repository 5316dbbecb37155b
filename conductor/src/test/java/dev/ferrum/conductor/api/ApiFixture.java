package dev.ferrum.conductor.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.ferrum.conductor.api.actions.DriverCatalog;
import dev.ferrum.conductor.api.actions.FakeDriverCatalog;
import dev.ferrum.conductor.api.actions.FakeNodeActions;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.store.StoreConfig;
import dev.ferrum.protocol.json.WireJson;
import io.helidon.webserver.WebServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A real conductor API on loopback port 0 over a SQLite store in a temp directory, with the fake
 * actions and drivers, and a small HTTP client that sends the operator token and a version header.
 */
final class ApiFixture implements AutoCloseable {
    static final String TOKEN = "s3cret-operator-token";
    static final String CONDUCTOR = "test-conductor";

    final ObjectMapper json = WireJson.newMapper();
    final Store store;
    final WebServer server;
    final String base;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** A reply: status, headers, raw body and the body parsed (missing when not JSON). */
    record Reply(int status, HttpHeaders headers, String raw, JsonNode body) {
        Optional<String> header(String name) {
            return headers.firstValue(name);
        }
    }

    ApiFixture(Path temp, ApiAuth auth) {
        this(temp, new ApiConfig(ApiConfig.SUPPORTED, auth, 4096, CONDUCTOR, true));
    }

    ApiFixture(Path temp, ApiConfig config) {
        this(temp, config, new FakeDriverCatalog(List.of("fake-hardware", "ipmi"), CONDUCTOR));
    }

    /** With another driver catalog, e.g. the real hardware types. */
    ApiFixture(Path temp, ApiConfig config, DriverCatalog drivers) {
        store = Store.open(new StoreConfig.Sqlite(temp.resolve("data"), Duration.ofSeconds(10), 4), Clock.systemUTC());
        // As the real conductor does before serving: it registers, so nodes have a live conductor.
        store.conductors().register(CONDUCTOR, List.of("fake-hardware", "ipmi"), "");
        var api = new IronicApi(config, store, new FakeNodeActions(store, CONDUCTOR), drivers, json,
                Clock.systemUTC());
        server = WebServer.builder().host("127.0.0.1").port(0).routing(r -> r.addFilter(new ApiPaths(Set.of("boot"))).register(api)).build().start();
        base = "http://127.0.0.1:" + server.port();
    }

    static ApiFixture withToken(Path temp) {
        return new ApiFixture(temp, new ApiAuth.Tokens(List.of(TOKEN)));
    }

    Reply get(String path) {
        return send("GET", path, Optional.empty(), "latest");
    }

    Reply send(String method, String path, Optional<String> body, String version) {
        return send(method, path, body, Optional.of(version), Optional.of(TOKEN));
    }

    Reply send(String method, String path, Optional<String> body, Optional<String> version, Optional<String> token) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(20))
                .method(method, body.map(HttpRequest.BodyPublishers::ofString)
                        .orElse(HttpRequest.BodyPublishers.noBody()));
        body.ifPresent(b -> request.header("Content-Type", "application/json"));
        version.ifPresent(v -> request.header("X-OpenStack-Ironic-API-Version", v));
        token.ifPresent(t -> request.header("X-Auth-Token", t));
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode parsed;
            try {
                parsed = response.body().isEmpty() ? MissingNode.getInstance() : json.readTree(response.body());
            } catch (IOException notJson) {
                parsed = MissingNode.getInstance();
            }
            return new Reply(response.statusCode(), response.headers(), response.body(), parsed);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Sends with {@code authorization} as the Authorization header (e.g. HTTP Basic) instead of the token. */
    Reply sendAs(String authorization, String method, String path, Optional<String> body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(20))
                .method(method, body.map(HttpRequest.BodyPublishers::ofString)
                        .orElse(HttpRequest.BodyPublishers.noBody()))
                .header("X-OpenStack-Ironic-API-Version", "latest").header("Authorization", authorization);
        body.ifPresent(b -> request.header("Content-Type", "application/json"));
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode parsed;
            try {
                parsed = response.body().isEmpty() ? MissingNode.getInstance() : json.readTree(response.body());
            } catch (IOException notJson) {
                parsed = MissingNode.getInstance();
            }
            return new Reply(response.statusCode(), response.headers(), response.body(), parsed);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    Reply post(String path, String body) {
        return send("POST", path, Optional.of(body), "latest");
    }

    Reply put(String path, String body) {
        return send("PUT", path, Optional.of(body), "latest");
    }

    Reply patch(String path, String body) {
        return send("PATCH", path, Optional.of(body), "latest");
    }

    Reply delete(String path) {
        return send("DELETE", path, Optional.empty(), "latest");
    }

    /** The faultstring inside Ironic's error body, after checking the body is Ironic's shape. */
    String faultOf(Reply reply) {
        JsonNode message = reply.body().get("error_message");
        if (message == null || !message.isTextual()) {
            throw new AssertionError("not an Ironic error body: " + reply.raw());
        }
        try {
            JsonNode fault = json.readTree(message.asText());
            if (!fault.has("faultcode") || !fault.has("debuginfo")) {
                throw new AssertionError("fault lacks faultcode/debuginfo: " + message.asText());
            }
            return fault.get("faultstring").asText();
        } catch (IOException e) {
            throw new AssertionError("error_message is not a JSON string: " + reply.raw(), e);
        }
    }

    /** Creates a node as rest-lifecycle.txt does and returns its uuid. */
    String createNode(String name) {
        Reply reply = post("/v1/nodes", "{\"driver\":\"fake-hardware\",\"name\":\"" + name + "\","
                + "\"properties\":{\"cpus\":2,\"memory_mb\":2048,\"local_gb\":10}}");
        if (reply.status() != 201) {
            throw new AssertionError("create failed: " + reply.raw());
        }
        return reply.body().get("uuid").asText();
    }

    /**
     * The allocation a 201 answer created, once its worker has processed it (state no longer
     * {@code allocating}); any other answer is returned as it is.
     */
    Reply settledAllocation(Reply created) {
        if (created.status() != 201) {
            return created;
        }
        String path = "/v1/allocations/" + created.body().get("uuid").asText();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            Reply now = get(path);
            if (now.status() != 200 || !now.body().path("state").asText().equals("allocating")) {
                return new Reply(created.status(), created.headers(), now.raw(), now.body());
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new AssertionError("allocation still allocating after 10 s: " + path);
    }

    @Override
    public void close() {
        server.stop();
        store.close();
    }
}
