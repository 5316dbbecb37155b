package dev.ferrum.agent.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.helidon.http.Status;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A conductor for agent tests: Ironic's root document, lookup and heartbeat (or only the legacy
 * vendor_passthru endpoints), answering as the wire samples show, and recording every call.
 */
final class FakeConductor implements AutoCloseable {
    static final String NODE = "181a4401-bf6b-4aa3-a3f3-dbc9fb867dc0";
    static final String TOKEN = "dSxHueJxv7iEjYOiTbYJkvRRbAhWim6IF1ggpUOx6bo";

    private final ObjectMapper json = new ObjectMapper();
    final List<String> calls = new CopyOnWriteArrayList<>();
    final List<JsonNode> heartbeats = new CopyOnWriteArrayList<>();
    /** The token-transport header of each heartbeat, "none" where it had none. */
    final List<String> heartbeatTokenTransports = new CopyOnWriteArrayList<>();
    final List<JsonNode> inspections = new CopyOnWriteArrayList<>();
    final AtomicInteger lookupsToRefuse = new AtomicInteger();
    volatile String maxVersion = "1.82";
    volatile String tokenToIssue = TOKEN;
    volatile int heartbeatTimeout = 1;
    /** BMC user and password the inspection answer asks the ramdisk to set (discoverd), when set. */
    volatile java.util.Optional<java.util.List<String>> bmcCredentials = java.util.Optional.empty();
    /** When set, heartbeats must carry this token or get Ironic's 400 refusal. */
    volatile String acceptedToken;
    private final WebServer server;

    FakeConductor() {
        this(0);
    }

    /** A conductor on {@code port} (0 = any free port). */
    FakeConductor(int port) {
        server = WebServer.builder().host("127.0.0.1").port(port).routing(r -> r
                .get("/", this::root)
                .get("/v1/lookup", this::lookup)
                .post("/v1/heartbeat/{node}", this::heartbeat)
                .post("/v1/drivers/{driver}/vendor_passthru/lookup", this::legacyLookup)
                .post("/v1/nodes/{node}/vendor_passthru/heartbeat", this::legacyHeartbeat)
                .post("/v1/continue", this::inspection)
                .any((req, res) -> {
                    calls.add("UNMATCHED " + req.prologue().method().text() + " " + req.prologue().uriPath().rawPath()
                            + "?" + req.prologue().query().rawValue());
                    res.status(Status.NOT_FOUND_404).send();
                })).build().start();
    }

    String url() {
        return "http://127.0.0.1:" + server.port();
    }

    private void root(ServerRequest req, ServerResponse res) {
        calls.add("GET /");
        ObjectNode version = json.createObjectNode().put("id", "v1").put("status", "CURRENT").put("min_version", "1.1")
                .put("version", maxVersion);
        version.putArray("links").addObject().put("href", url() + "/v1/").put("rel", "self");
        ObjectNode root = json.createObjectNode().put("name", "OpenStack Ironic API").put("description", "fake");
        root.set("default_version", version);
        root.putArray("versions").add(version.deepCopy());
        send(res, Status.OK_200, root);
    }

    private void lookup(ServerRequest req, ServerResponse res) {
        calls.add("GET /v1/lookup?" + req.query().rawValue() + " version=" + req.headers().first(
                io.helidon.http.HeaderNames.create("X-OpenStack-Ironic-API-Version")).orElse("none"));
        if (lookupsToRefuse.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            send(res, Status.NOT_FOUND_404, json.createObjectNode().put("error_message",
                    "{\"faultcode\": \"Client\", \"faultstring\": \"Node could not be found.\", \"debuginfo\": null}"));
            return;
        }
        ObjectNode body = json.createObjectNode();
        ObjectNode node = body.putObject("node");
        node.put("uuid", NODE);
        node.putObject("properties");
        node.putObject("instance_info");
        node.putObject("driver_internal_info");
        node.putArray("links");
        ObjectNode config = body.putObject("config");
        config.put("heartbeat_timeout", heartbeatTimeout);
        config.put("agent_token", tokenToIssue);
        config.put("agent_token_required", true);
        tokenToIssue = "******";
        send(res, Status.OK_200, body);
    }

    private void heartbeat(ServerRequest req, ServerResponse res) {
        calls.add("POST /v1/heartbeat/" + req.path().pathParameters().get("node"));
        calls.add("heartbeat version=" + req.headers().first(
                io.helidon.http.HeaderNames.create("X-OpenStack-Ironic-API-Version")).orElse("none"));
        heartbeatTokenTransports.add(req.headers().first(io.helidon.http.HeaderNames.create(
                dev.ferrum.protocol.api.ApiHeaders.AGENT_TOKEN_TRANSPORT)).orElse("none"));
        JsonNode beat = read(req);
        if (acceptedToken != null && !acceptedToken.equals(beat.path("agent_token").asText())) {
            calls.add("refused heartbeat token");
            send(res, Status.BAD_REQUEST_400, json.createObjectNode().put("error_message", "{\"faultcode\": \"Client\","
                    + " \"faultstring\": \"Invalid or missing agent token received.\", \"debuginfo\": null}"));
            return;
        }
        heartbeats.add(beat);
        res.status(Status.ACCEPTED_202).send();
    }

    private void legacyLookup(ServerRequest req, ServerResponse res) {
        calls.add("POST legacy lookup " + req.path().pathParameters().get("driver"));
        JsonNode body = read(req);
        if (body.path("version").asInt() != 2 || !body.has("inventory")) {
            send(res, Status.BAD_REQUEST_400, json.createObjectNode().put("error_message", "bad lookup"));
            return;
        }
        ObjectNode reply = json.createObjectNode().put("heartbeat_timeout", heartbeatTimeout);
        reply.putObject("node").put("uuid", NODE);
        send(res, Status.OK_200, reply);
    }

    private void legacyHeartbeat(ServerRequest req, ServerResponse res) {
        calls.add("POST legacy heartbeat " + req.path().pathParameters().get("node"));
        heartbeats.add(read(req));
        res.status(Status.ACCEPTED_202).send();
    }

    private void inspection(ServerRequest req, ServerResponse res) {
        calls.add("POST /v1/continue");
        inspections.add(read(req));
        var answer = json.createObjectNode().put("uuid", NODE);
        bmcCredentials.ifPresent(c -> answer.put("ipmi_setup_credentials", true).put("ipmi_username", c.get(0))
                .put("ipmi_password", c.get(1)));
        send(res, Status.OK_200, answer);
    }

    private JsonNode read(ServerRequest req) {
        try {
            return json.readTree(req.content().inputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void send(ServerResponse res, Status status, JsonNode body) {
        try {
            res.status(status).send(json.writeValueAsBytes(body));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        server.stop();
    }
}
