package dev.ferrum.conductor.driver.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An in-test Redfish BMC on loopback, after the DMTF schema: ServiceRoot, a Systems collection
 * with zero or one System (PowerState, Boot override, the ComputerSystem.Reset action) and a
 * SessionService; every resource but the root and login needs a session token or basic auth.
 */
final class FakeRedfishService implements AutoCloseable {
    static final String SYSTEM = "/redfish/v1/Systems/437XR1138R2";

    private final ObjectMapper json = new ObjectMapper();
    private final String user;
    private final String password;
    private final Set<String> tokens = ConcurrentHashMap.newKeySet();
    private final AtomicInteger logins = new AtomicInteger();
    private final WebServer server;
    private volatile boolean hasSystem = true;
    private volatile String powerState = "Off";
    private volatile String bootTarget = "None";
    private volatile String bootEnabled = "Disabled";
    private volatile String lastReset = "";

    FakeRedfishService(String user, String password) {
        this.user = user;
        this.password = password;
        this.server = WebServer.builder().host("127.0.0.1").port(0).routing(this::routing).build().start();
    }

    String url() {
        return "http://127.0.0.1:" + server.port();
    }

    void removeSystem() {
        hasSystem = false;
    }

    /** Forgets every session, as a BMC restart or timeout would. */
    void expireSessions() {
        tokens.clear();
    }

    int logins() {
        return logins.get();
    }

    String powerState() {
        return powerState;
    }

    String lastReset() {
        return lastReset;
    }

    String bootOverride() {
        return bootTarget + "/" + bootEnabled;
    }

    @Override
    public void close() {
        server.stop();
    }

    private void routing(HttpRouting.Builder routing) {
        routing.get("/redfish/v1", (req, res) -> send(res, Status.OK_200, json.createObjectNode()
                        .put("@odata.id", "/redfish/v1").put("RedfishVersion", "1.6.0").set("Systems",
                                json.createObjectNode().put("@odata.id", "/redfish/v1/Systems"))))
                .post(RedfishClient.SESSIONS, this::login)
                .get("/redfish/v1/Systems", (req, res) -> {
                    if (authorized(req, res)) {
                        ObjectNode collection = json.createObjectNode().put("@odata.id", "/redfish/v1/Systems");
                        var members = collection.putArray("Members");
                        if (hasSystem) {
                            members.addObject().put("@odata.id", SYSTEM);
                        }
                        collection.put("Members@odata.count", members.size());
                        send(res, Status.OK_200, collection);
                    }
                })
                .get(SYSTEM, (req, res) -> {
                    if (authorized(req, res) && present(res)) {
                        send(res, Status.OK_200, system());
                    }
                })
                .patch(SYSTEM, (req, res) -> {
                    if (authorized(req, res) && present(res)) {
                        JsonNode boot = body(req).path("Boot");
                        bootTarget = boot.path("BootSourceOverrideTarget").asText(bootTarget);
                        bootEnabled = boot.path("BootSourceOverrideEnabled").asText(bootEnabled);
                        res.status(Status.NO_CONTENT_204).send();
                    }
                })
                .post(SYSTEM + "/Actions/ComputerSystem.Reset", (req, res) -> {
                    if (authorized(req, res) && present(res)) {
                        String type = body(req).path("ResetType").asText();
                        lastReset = type;
                        switch (type) {
                            case "On", "ForceRestart", "GracefulRestart" -> powerState = "On";
                            case "ForceOff", "GracefulShutdown" -> powerState = "Off";
                            default -> {
                                send(res, Status.BAD_REQUEST_400, error("ResetType " + type + " is not allowed"));
                                return;
                            }
                        }
                        res.status(Status.NO_CONTENT_204).send();
                    }
                });
    }

    private void login(ServerRequest req, ServerResponse res) {
        JsonNode body = body(req);
        if (!user.equals(body.path("UserName").asText()) || !password.equals(body.path("Password").asText())) {
            send(res, Status.UNAUTHORIZED_401, error("invalid credentials"));
            return;
        }
        logins.incrementAndGet();
        String token = UUID.randomUUID().toString();
        tokens.add(token);
        res.header(HeaderNames.create("X-Auth-Token"), token);
        res.header(HeaderNames.LOCATION, RedfishClient.SESSIONS + "/" + logins.get());
        send(res, Status.CREATED_201, json.createObjectNode().put("UserName", user));
    }

    private boolean authorized(ServerRequest req, ServerResponse res) {
        boolean ok = req.headers().first(HeaderNames.create("X-Auth-Token")).map(tokens::contains).orElse(false)
                || req.headers().first(HeaderNames.AUTHORIZATION).map(this::basicMatches).orElse(false);
        if (!ok) {
            send(res, Status.UNAUTHORIZED_401, error("authentication required"));
        }
        return ok;
    }

    private boolean basicMatches(String header) {
        String expected = Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
        return header.equals("Basic " + expected);
    }

    private boolean present(ServerResponse res) {
        if (!hasSystem) {
            send(res, Status.NOT_FOUND_404, error("no such System"));
        }
        return hasSystem;
    }

    private ObjectNode system() {
        ObjectNode system = json.createObjectNode().put("@odata.id", SYSTEM).put("Id", "437XR1138R2")
                .put("PowerState", powerState);
        system.putObject("Boot").put("BootSourceOverrideTarget", bootTarget)
                .put("BootSourceOverrideEnabled", bootEnabled);
        system.putObject("Actions").putObject("#ComputerSystem.Reset")
                .put("target", SYSTEM + "/Actions/ComputerSystem.Reset");
        return system;
    }

    private ObjectNode error(String message) {
        ObjectNode error = json.createObjectNode();
        error.putObject("error").put("code", "Base.1.0.GeneralError").put("message", message);
        return error;
    }

    private JsonNode body(ServerRequest req) {
        try {
            return json.readTree(req.content().as(String.class));
        } catch (Exception e) {
            return json.createObjectNode();
        }
    }

    private void send(ServerResponse res, Status status, JsonNode body) {
        res.status(status).header(HeaderNames.CONTENT_TYPE, "application/json").send(body.toString());
    }
}
