package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.api.policy.PolicyEnforcer;
import dev.ferrum.conductor.api.policy.PolicyTable;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.store.StoreConfig;
import dev.ferrum.protocol.heartbeat.HeartbeatRequest;
import dev.ferrum.protocol.json.WireJson;
import io.helidon.webserver.WebServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ApiCall#bodyAs} reads a body straight into its wire record; every body, good or bad, gets the answer the
 * tree path ({@code bodyObject} then {@code WireJson.convert}) gives: the same record, or the same status and fault.
 */
class BodyBindingTest {
    private static final String CALLBACK = "{\"callback_url\": \"http://10.0.0.5:9999\", ";

    @TempDir
    Path temp;

    @Test
    void everyBodyIsAnsweredAsTheTreePathAnswersIt() throws Exception {
        ObjectMapper json = WireJson.newMapper();
        try (Store store = Store.open(new StoreConfig.Sqlite(temp, Duration.ofSeconds(5), 2), Clock.systemUTC())) {
            Endpoints endpoints = new Endpoints(new ApiConfig(ApiConfig.SUPPORTED, new ApiAuth.NoAuth(), 512, "test",
                    true), json, new PolicyEnforcer(PolicyTable.ironicDefaults(), store));
            WebServer server = WebServer.builder().host("127.0.0.1").port(0).routing(r -> r
                    .post("/v1/direct", endpoints.open(call -> call.json(200,
                            json.valueToTree(call.bodyAs(HeartbeatRequest.class)))))
                    .post("/v1/tree", endpoints.open(call -> call.json(200, json.valueToTree(
                            WireJson.convert(json, call.bodyObject(), HeartbeatRequest.class)))))).build().start();
            try {
                HttpClient http = HttpClient.newHttpClient();
                List<String> bodies = List.of(
                        CALLBACK + "\"agent_token\": \"t\", \"agent_version\": \"9.4.3\"}",
                        " \n\t" + CALLBACK + "\"agent_token\": null, \"unknown\": [1, {\"x\": 2}]}",
                        CALLBACK + "\"agent_version\": 7, \"agent_verify_ca\": \"\"}",
                        CALLBACK + "\"agent_token\": \"a\", \"agent_token\": \"b\"}",
                        "{\"agent_token\": \"no callback\"}",
                        "{\"callback_url\": 5}",
                        CALLBACK + "\"agent_token\": {\"nested\": true}}",
                        "[" + CALLBACK + "\"agent_token\": \"t\"}]",
                        "\"a string\"",
                        "{nope",
                        CALLBACK + "\"agent_token\": \"t\"} trailing",
                        "{\u0000\u0000\u0000\u0000\n \"callback_url\": \"http://x\"}",
                        "",
                        CALLBACK + "\"pad\": \"" + "x".repeat(600) + "\"}");
                for (String body : bodies) {
                    for (String type : List.of("application/json", "text/plain")) {
                        HttpResponse<String> direct = post(http, server, "/v1/direct", body, type);
                        HttpResponse<String> tree = post(http, server, "/v1/tree", body, type);
                        assertThat(direct.statusCode()).as("status for %s (%s)", body, type).isEqualTo(tree.statusCode());
                        assertThat(withoutRequestIds(direct.body())).as("answer to %s (%s)", body, type)
                                .isEqualTo(withoutRequestIds(tree.body()));
                    }
                }
                assertThat(post(http, server, "/v1/direct", bodies.getFirst(), "application/json").statusCode())
                        .isEqualTo(200);
            } finally {
                server.stop();
            }
        }
    }

    private static HttpResponse<String> post(HttpClient http, WebServer server, String path, String body, String type)
            throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                .header("Content-Type", type).header("X-OpenStack-Ironic-API-Version", "1.68")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String withoutRequestIds(String body) {
        return body.replaceAll("req-[0-9a-f-]{36}", "req-*");
    }
}
