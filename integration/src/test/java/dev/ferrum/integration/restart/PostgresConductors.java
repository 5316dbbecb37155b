package dev.ferrum.integration.restart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assumptions;

/**
 * Conductor processes ({@link ConductorProcess}) sharing one fresh PostgreSQL schema, and the API calls the
 * scale-out tests make to them. The schema is dropped on {@link #close}. Tests using it are skipped without
 * {@code FERRUM_TEST_POSTGRES_URL} except in CI, where they must run ({@link #requireInCi}).
 */
final class PostgresConductors implements AutoCloseable {
    static final String URL_VARIABLE = "FERRUM_TEST_POSTGRES_URL";

    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final Map<String, ConductorProcess> conductors = new LinkedHashMap<>();
    private final Map<String, String> apis = new HashMap<>();
    private final Path temp;
    private final String schema;

    private PostgresConductors(Path temp, String schema) {
        this.temp = temp;
        this.schema = schema;
    }

    /** Fails under {@code CI=true} without the database: CI must run these tests. */
    static void requireInCi() {
        if (url().isEmpty() && "true".equals(System.getenv("CI"))) {
            fail("CI must run the scale-out tests: set " + URL_VARIABLE);
        }
    }

    /** A new schema named {@code prefix_<random>}; skips the test when no database is configured. */
    static PostgresConductors create(Path temp, String prefix) throws Exception {
        Assumptions.assumeTrue(url().isPresent(), () -> "scale-out test skipped: " + URL_VARIABLE + " is not set"
                + " (see docs/testing.md; CI sets it)");
        String schema = prefix + "_" + UUID.randomUUID().toString().replace("-", "");
        sql("CREATE SCHEMA " + schema);
        return new PostgresConductors(temp, schema);
    }

    private static Optional<String> url() {
        return Optional.ofNullable(System.getenv(URL_VARIABLE)).filter(u -> !u.isBlank());
    }

    private static void sql(String statement) throws Exception {
        try (Connection connection = DriverManager.getConnection(url().orElseThrow());
             Statement s = connection.createStatement()) {
            s.execute(statement);
        }
    }

    /** A free loopback port, for a conductor started later. */
    static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }

    /** Starts conductor {@code name} on a free port (heartbeating every second) with more {@code options}. */
    void start(String name, List<String> options) throws Exception {
        start(name, freePort(), options);
    }

    /** As above, on {@code port}. */
    void start(String name, int port, List<String> options) throws Exception {
        String database = url().orElseThrow() + (url().orElseThrow().contains("?") ? "&" : "?") + "currentSchema="
                + schema;
        List<String> all = new ArrayList<>(List.of("--database-url", database));
        all.addAll(options);
        conductors.put(name, ConductorProcess.start(temp.resolve(name), port, temp.resolve(name + ".log"), name, 1,
                all));
        apis.put(name, "http://127.0.0.1:" + port);
    }

    ConductorProcess conductor(String name) {
        return conductors.get(name);
    }

    int status(String conductor, String method, String path, String body) {
        try {
            return http.send(request(conductor, method, path, body), HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted: " + method + " " + path);
        }
    }

    private HttpRequest request(String conductor, String method, String path, String body) {
        return HttpRequest.newBuilder(URI.create(apis.get(conductor) + path))
                .timeout(Duration.ofSeconds(30)).header("X-OpenStack-Ironic-API-Version", "1.82")
                .header("Content-Type", "application/json")
                .method(method, body.isEmpty() ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body)).build();
    }

    JsonNode call(String conductor, String method, String path, String body, int expected) {
        HttpRequest request = request(conductor, method, path, body);
        try {
            HttpResponse<String> reply = http.send(request, HttpResponse.BodyHandlers.ofString());
            assertThat(reply.statusCode()).as(method + " " + path + ": " + reply.body()).isEqualTo(expected);
            return reply.body().isEmpty() ? json.createObjectNode() : json.readTree(reply.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Each node's conductor as {@code conductor}'s API shows it. */
    Map<String, String> owners(String conductor) {
        Map<String, String> owners = new HashMap<>();
        for (JsonNode node : call(conductor, "GET", "/v1/nodes?fields=uuid,conductor&limit=1000", "", 200)
                .path("nodes")) {
            owners.put(node.path("uuid").asText(), node.path("conductor").asText(""));
        }
        return owners;
    }

    /** The node's takeover events in its history. */
    List<JsonNode> takeovers(String conductor, String node) {
        return history(conductor, node, "took over from dead conductor");
    }

    /** The node's history events whose text contains {@code text}. */
    List<JsonNode> history(String conductor, String node, String text) {
        List<JsonNode> events = new ArrayList<>();
        call(conductor, "GET", "/v1/nodes/" + node + "/history", "", 200).path("history").forEach(event -> {
            if (event.path("event").asText().contains(text)) {
                events.add(event);
            }
        });
        return events;
    }

    String provisionState(String conductor, String node) {
        return call(conductor, "GET", "/v1/nodes/" + node + "?fields=provision_state", "", 200)
                .path("provision_state").asText();
    }

    /** Sends a provision {@code target} (with more body fields, e.g. clean_steps) and returns once accepted. */
    void provision(String conductor, String node, String target, String moreFields) {
        // A node another conductor's task holds (a power request, a heartbeat) answers 409 NodeLocked, as Ironic's
        // does; its clients retry, and so does this one.
        String path = "/v1/nodes/" + node + "/states/provision";
        String body = "{\"target\":\"" + target + "\"" + moreFields + "}";
        int status = status(conductor, "PUT", path, body);
        for (int attempt = 1; attempt < 30 && status == 409; attempt++) {
            sleep(Duration.ofMillis(500));
            status = status(conductor, "PUT", path, body);
        }
        assertThat(status).as("PUT " + path + " " + body).isEqualTo(202);
    }

    /** Sends a provision {@code target} and waits for the node to reach {@code state}. */
    void moveTo(String conductor, String node, String target, String state) {
        provision(conductor, node, target, "");
        await(() -> Optional.of(provisionState(conductor, node)).filter(state::equals), Duration.ofSeconds(60),
                node + " reaching " + state);
    }

    static <T> T await(Supplier<Optional<T>> condition, Duration limit, String what) {
        Instant until = Instant.now().plus(limit);
        while (Instant.now().isBefore(until)) {
            Optional<T> value = condition.get();
            if (value.isPresent()) {
                return value.get();
            }
            sleep(Duration.ofMillis(250));
        }
        throw new AssertionError("not within " + limit.toSeconds() + " s: " + what);
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Stops every conductor still running, then drops the schema. */
    @Override
    public void close() throws Exception {
        for (ConductorProcess conductor : conductors.values()) {
            conductor.close();
        }
        sql("DROP SCHEMA " + schema + " CASCADE");
    }
}
