package dev.ferrum.conductor.driver.inspect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.TestNodes;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.WebServer;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The inspector client against an in-test discoverd: POST starts, GET reports {finished, error}. */
class HttpInspectorClientTest {
    private final Map<String, String> statuses = new ConcurrentHashMap<>();
    private final WebServer server = WebServer.builder().host("127.0.0.1").port(0).routing(routing -> routing
            .post("/v1/introspection/{uuid}", (req, res) -> {
                String uuid = req.path().pathParameters().get("uuid");
                if (uuid.equals(UNKNOWN.toString())) {
                    res.status(Status.NOT_FOUND_404).send("{\"error\":{\"message\":\"Node not found\"}}");
                    return;
                }
                statuses.put(uuid, "{\"finished\": false, \"error\": null}");
                res.status(Status.ACCEPTED_202).send();
            })
            .get("/v1/introspection/{uuid}", (req, res) -> {
                String body = statuses.get(req.path().pathParameters().get("uuid"));
                if (body == null) {
                    res.status(Status.NOT_FOUND_404).send("{}");
                } else {
                    res.header(HeaderNames.CONTENT_TYPE, "application/json").send(body);
                }
            })).build().start();
    private static final UUID UNKNOWN = UUID.fromString("00000000-0000-0000-0000-000000000001");

    @AfterEach
    void stop() {
        server.stop();
    }

    @Test
    void startsAndMapsTheStatus() {
        InspectorClient client = new HttpInspectorClient(config(true));
        UUID node = UUID.randomUUID();

        client.start(node);
        assertThat(client.status(node).outcome()).isEqualTo(IntrospectionStatus.Outcome.RUNNING);

        statuses.put(node.toString(), "{\"finished\": true, \"error\": null}");
        assertThat(client.status(node)).isEqualTo(new IntrospectionStatus(true, Optional.empty()));
        assertThat(client.status(node).outcome()).isEqualTo(IntrospectionStatus.Outcome.SUCCEEDED);

        statuses.put(node.toString(), "{\"finished\": true, \"error\": \"Timeout waiting for the ramdisk\"}");
        assertThat(client.status(node).error()).contains("Timeout waiting for the ramdisk");
        assertThat(client.status(node).outcome()).isEqualTo(IntrospectionStatus.Outcome.FAILED);
    }

    @Test
    void aServiceUrlEndingInV1WorksToo() {
        InspectorClient client = new HttpInspectorClient(new InspectorConfig(true,
                Optional.of(URI.create("http://127.0.0.1:" + server.port() + "/v1")), Duration.ofSeconds(5)));
        UUID node = UUID.randomUUID();

        client.start(node);

        assertThat(client.status(node).finished()).isFalse();
    }

    @Test
    void refusalsAreDriverErrors() {
        InspectorClient client = new HttpInspectorClient(config(true));

        assertThatThrownBy(() -> client.start(UNKNOWN)).isInstanceOf(DriverException.class)
                .hasMessageContaining("refused to start introspection (HTTP 404");
        assertThatThrownBy(() -> client.status(UUID.randomUUID())).hasMessageContaining("start introspection first");
    }

    @Test
    void theInterfaceIsValidOnlyWhileEnabled() {
        var node = TestNodes.node("ipmi", Map.of());
        InspectorInspect enabled = new InspectorInspect(config(true), new HttpInspectorClient(config(true)));
        InspectorInspect disabled = new InspectorInspect(config(false), new HttpInspectorClient(config(true)));

        assertThat(enabled.validate(node).isValid()).isTrue();
        assertThat(enabled.style()).isEqualTo(InspectStyle.REMOTE);
        assertThat(disabled.validate(node).failure()).hasValueSatisfying(r -> assertThat(r).contains("disabled"));
    }

    private InspectorConfig config(boolean enabled) {
        return new InspectorConfig(enabled, Optional.of(URI.create("http://127.0.0.1:" + server.port())),
                Duration.ofSeconds(5));
    }
}
