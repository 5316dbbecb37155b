package dev.ferrum.agent.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.agent.command.CommandCatalog;
import dev.ferrum.agent.command.CommandDefinition;
import dev.ferrum.agent.command.CommandExecutor;
import dev.ferrum.agent.command.CommandFailedException;
import dev.ferrum.protocol.command.AgentStatus;
import dev.ferrum.protocol.json.WireJson;
import io.helidon.webserver.WebServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class AgentApiTest {
    private static final String TOKEN = "dSxHueJxv7iEjYOiTbYJkvRRbAhWim6IF1ggpUOx6bo";

    private final ObjectMapper json = WireJson.newMapper();
    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    private final CountDownLatch releaseSlowCommand = new CountDownLatch(1);
    private final List<String> finished = new CopyOnWriteArrayList<>();
    private final ExecutorService background = Executors.newVirtualThreadPerTaskExecutor();
    private WebServer server;
    private String base;

    @BeforeEach
    void start() {
        var catalog = new CommandCatalog(List.of(
                CommandDefinition.sync("standby", "sync", (params, progress) -> Optional.empty()),
                CommandDefinition.sync("standby", "get_partition_uuids",
                        (params, progress) -> Optional.of(json.createObjectNode())),
                CommandDefinition.async("deploy", "execute_deploy_step", (params, progress) -> {
                    progress.follow(() -> json.createObjectNode().put("bytes_written", 4096));
                    try {
                        releaseSlowCommand.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return Optional.of(json.createObjectNode().put("deploy_result", "written"));
                }),
                CommandDefinition.sync("clean", "execute_clean_step", (params, progress) -> {
                    throw new CommandFailedException("BlockDeviceEraseError", 500, "Erase failed", "/dev/sda is read-only");
                })));
        var executor = new CommandExecutor(catalog, background, result -> finished.add(result.id()));
        var tokens = new AgentTokens(false);
        tokens.issue(TOKEN);
        var api = new AgentApi(executor, tokens, AgentStatus.of(Instant.parse("2026-11-22T02:37:17Z"), "ferrum-test"),
                json, Duration.ofSeconds(10));
        server = WebServer.builder().host("127.0.0.1").port(0).routing(r -> r.register(api)).build().start();
        base = "http://127.0.0.1:" + server.port();
    }

    @AfterEach
    void stop() {
        releaseSlowCommand.countDown();
        server.stop();
        background.shutdownNow();
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(base + path)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String body, String... headers) throws IOException, InterruptedException {
        var request = HttpRequest.newBuilder(URI.create(base + path)).POST(HttpRequest.BodyPublishers.ofString(body));
        if (headers.length > 0) {
            request.headers(headers);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode body(HttpResponse<String> response) throws IOException {
        return json.readTree(response.body());
    }

    @Test
    void servesIpasVersionDocumentsAndStatus() throws Exception {
        HttpResponse<String> rootReply = get("/");
        JsonNode root = body(rootReply);
        // The conductor reads this to keep the token out of URLs (Authorization: Bearer instead).
        assertThat(rootReply.headers().firstValue("Ferrum-Agent-Token-Transport")).contains("bearer");
        assertThat(root.path("versions").get(0).path("id").asText()).isEqualTo("v1");
        assertThat(root.path("default_version").path("links").get(0).path("href").asText()).isEqualTo(base + "/v1");

        JsonNode v1 = body(get("/v1/"));
        assertThat(v1.path("commands").get(0).path("href").asText()).isEqualTo(base + "/v1/commands");
        assertThat(v1.path("media_types").get(0).path("type").asText())
                .isEqualTo("application/vnd.openstack.ironic-python-agent.v1+json");

        JsonNode status = body(get("/v1/status"));
        assertThat(status.path("started_at").asDouble()).isEqualTo(1795315037.0);
        assertThat(status.path("version").asText()).isEqualTo("ferrum-test");
    }

    @Test
    void redirectsTheFormsWithoutATrailingSlashWith308() throws Exception {
        var v1 = get("/v1");
        assertThat(v1.statusCode()).isEqualTo(308);
        assertThat(v1.headers().firstValue("Location")).contains(base + "/v1/");

        var post = post("/v1/commands?wait=true&agent_token=" + TOKEN, "{}");
        assertThat(post.statusCode()).isEqualTo(308);
        assertThat(post.headers().firstValue("Location")).contains(base + "/v1/commands/?wait=true&agent_token=" + TOKEN);
    }

    @Test
    void runsASyncCommandWithTheTokenInTheQueryAsIronicSendsIt() throws Exception {
        var response = post("/v1/commands/?wait=true&agent_token=" + TOKEN,
                "{\"name\":\"standby.get_partition_uuids\",\"params\":{}}");

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode result = body(response);
        assertThat(result.path("command_name").asText()).isEqualTo("get_partition_uuids");
        assertThat(result.path("command_status").asText()).isEqualTo("SUCCEEDED");
        assertThat(result.path("command_error").isNull()).isTrue();
        assertThat(result.path("command_result").isObject()).isTrue();
        assertThat(result.has("command_params")).isFalse();
    }

    @Test
    void acceptsTheTokenAsABearerHeaderAndRefusesAWrongOne() throws Exception {
        var bearer = post("/v1/commands/", "{\"name\":\"standby.sync\",\"params\":{}}", "Authorization", "Bearer " + TOKEN);
        assertThat(bearer.statusCode()).isEqualTo(200);
        assertThat(body(bearer).path("command_result").isNull()).isTrue();

        var wrong = post("/v1/commands/?agent_token=wrong", "{\"name\":\"standby.sync\",\"params\":{}}");
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(body(wrong).path("faultstring").asText()).isEqualTo("401 Unauthorized: Token invalid.");
        assertThat(body(wrong).path("faultcode").asText()).isEqualTo("Client");

        var missing = post("/v1/commands/", "{\"name\":\"standby.sync\",\"params\":{}}");
        assertThat(missing.statusCode()).isEqualTo(401);
    }

    @Test
    void anUnknownExtensionIs404InIpasWords() throws Exception {
        var response = post("/v1/commands/?agent_token=" + TOKEN, "{\"name\":\"nosuch.command\",\"params\":{}}");

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(body(response).path("faultstring").asText()).isEqualTo("Not found: Extension with id nosuch not found.");
    }

    @Test
    void malformedAndOversizedBodiesAreRefusedAndRunNothing() throws Exception {
        assertThat(post("/v1/commands/?agent_token=" + TOKEN, "{not json").statusCode()).isEqualTo(400);
        assertThat(post("/v1/commands/?agent_token=" + TOKEN, "[1,2]").statusCode()).isEqualTo(400);
        var noName = post("/v1/commands/?agent_token=" + TOKEN, "{\"params\":{}}");
        assertThat(noName.statusCode()).isEqualTo(400);
        assertThat(body(noName).path("faultstring").asText()).contains("'name'");
        assertThat(post("/v1/commands/?agent_token=" + TOKEN, "{\"name\":\"standby.sync\",\"params\":[1]}").statusCode())
                .isEqualTo(400);
        String huge = "{\"name\":\"standby.sync\",\"params\":{\"pad\":\"" + "x".repeat(2 << 20) + "\"}}";
        assertThat(post("/v1/commands/?agent_token=" + TOKEN, huge).statusCode()).isEqualTo(413);

        assertThat(body(get("/v1/commands/")).path("commands")).isEmpty();
    }

    @Test
    void asyncCommandsReportProgressRefuseAnotherCommandAndAreWatchedToTheEnd() throws Exception {
        var started = post("/v1/commands/?wait=false&agent_token=" + TOKEN,
                "{\"name\":\"deploy.execute_deploy_step\",\"params\":{\"step\":{\"step\":\"write_image\"}}}");
        JsonNode running = body(started);
        String id = running.path("id").asText();
        assertThat(running.path("command_status").asText()).isEqualTo("RUNNING");

        var busy = post("/v1/commands/?agent_token=" + TOKEN, "{\"name\":\"standby.sync\",\"params\":{}}");
        assertThat(busy.statusCode()).isEqualTo(409);
        assertThat(body(busy).path("faultstring").asText()).contains("busy").contains(id);

        JsonNode polled = body(get("/v1/commands/" + id));
        assertThat(polled.path("command_status").asText()).isEqualTo("RUNNING");
        assertThat(polled.path("command_result").path("bytes_written").asLong()).isEqualTo(4096);

        releaseSlowCommand.countDown();
        JsonNode done = body(get("/v1/commands/" + id + "?wait=true"));
        assertThat(done.path("command_status").asText()).isEqualTo("SUCCEEDED");
        assertThat(done.path("command_result").path("deploy_result").asText()).isEqualTo("written");

        JsonNode list = body(get("/v1/commands/"));
        assertThat(list.path("commands")).hasSize(1);
        assertThat(list.path("commands").get(0).path("id").asText()).isEqualTo(id);
        assertThat(finished).containsExactly(id);
    }

    @Test
    void aFailingCommandCarriesItsIpaErrorType() throws Exception {
        JsonNode failed = body(post("/v1/commands/?wait=true&agent_token=" + TOKEN,
                "{\"name\":\"clean.execute_clean_step\",\"params\":{}}"));

        assertThat(failed.path("command_status").asText()).isEqualTo("FAILED");
        assertThat(failed.path("command_error").path("type").asText()).isEqualTo("BlockDeviceEraseError");
        assertThat(failed.path("command_error").path("details").asText()).contains("read-only");
    }

    @Test
    void anUnknownCommandIdIs404() throws Exception {
        assertThat(get("/v1/commands/no-such-id").statusCode()).isEqualTo(404);
    }
}
