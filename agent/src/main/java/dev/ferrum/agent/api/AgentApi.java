package dev.ferrum.agent.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.agent.command.AgentBusyException;
import dev.ferrum.agent.command.CommandExecutor;
import dev.ferrum.agent.command.Execution;
import dev.ferrum.agent.command.UnknownCommandException;
import dev.ferrum.protocol.api.ApiHeaders;
import dev.ferrum.protocol.command.AgentStatus;
import dev.ferrum.protocol.command.CommandList;
import dev.ferrum.protocol.command.CommandRequest;
import dev.ferrum.protocol.error.ErrorBodies;
import dev.ferrum.protocol.error.Fault;
import io.helidon.http.HeaderNames;
import io.helidon.http.HttpMediaTypes;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * The agent's HTTP API, shaped as ironic-python-agent's so a stock Ironic drives it: versions at
 * {@code /} and {@code /v1/}, {@code /v1/status}, and {@code /v1/commands/} to run and watch
 * commands. The token may come as {@code ?agent_token=} (what Ironic sends) or as
 * {@code Authorization: Bearer} (what Ferrum's conductor sends, keeping it out of URLs and logs).
 * Errors are IPA's bare {@code {faultcode, faultstring}}.
 */
public final class AgentApi implements HttpService {
    /** The largest command body accepted: image_info and node documents are a few KiB. */
    static final long MAX_BODY_BYTES = 1 << 20;

    private final CommandExecutor executor;
    private final AgentTokens tokens;
    private final AgentStatus status;
    private final ObjectMapper json;
    private final ErrorBodies errors;
    private final Duration maxWait;

    /**
     * @param maxWait the longest a {@code ?wait=true} request waits for an async command; after it
     *     the command is reported RUNNING, as the conductor's own HTTP timeout would cut it anyway
     */
    public AgentApi(CommandExecutor executor, AgentTokens tokens, AgentStatus status, ObjectMapper json, Duration maxWait) {
        this.executor = executor;
        this.tokens = tokens;
        this.status = status;
        this.json = json;
        this.errors = new ErrorBodies(json);
        this.maxWait = maxWait;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/", this::root)
                .get("/v1", (req, res) -> redirect(req, res, "/v1/"))
                .get("/v1/", this::v1)
                .get("/v1/status", (req, res) -> sendJson(res, Status.OK_200, json.valueToTree(status)))
                .any("/v1/commands", (req, res) -> redirect(req, res, "/v1/commands/"))
                .get("/v1/commands/", this::list)
                .post("/v1/commands/", this::run)
                .get("/v1/commands/{id}", this::show);
    }

    private void root(ServerRequest req, ServerResponse res) {
        String base = baseUrl(req);
        ObjectNode root = json.createObjectNode();
        root.put("name", "OpenStack Ironic Python Agent API");
        root.put("description", "Ferrum agent, compatible with the Ironic Python Agent API");
        ObjectNode v1 = versionNode(base);
        root.putArray("versions").add(v1);
        root.set("default_version", v1.deepCopy());
        // A header, not a body key: the root document stays byte-compatible with IPA's.
        res.header(ApiHeaders.AGENT_TOKEN_TRANSPORT, ApiHeaders.BEARER);
        sendJson(res, Status.OK_200, root);
    }

    private void v1(ServerRequest req, ServerResponse res) {
        String base = baseUrl(req);
        ObjectNode v1 = json.createObjectNode();
        v1.set("commands", resourceLinks(base, "commands"));
        v1.set("status", resourceLinks(base, "status"));
        ObjectNode media = json.createObjectNode();
        media.put("base", "application/json");
        media.put("type", "application/vnd.openstack.ironic-python-agent.v1+json");
        v1.putArray("media_types").add(media);
        v1.put("id", "v1");
        v1.set("links", versionNode(base).get("links"));
        sendJson(res, Status.OK_200, v1);
    }

    private void list(ServerRequest req, ServerResponse res) {
        CommandList list = new CommandList(executor.history().stream().map(Execution::result).toList());
        sendJson(res, Status.OK_200, json.valueToTree(list));
    }

    private void show(ServerRequest req, ServerResponse res) {
        String id = req.path().pathParameters().get("id");
        Optional<Execution> execution = executor.find(id);
        if (execution.isEmpty()) {
            fault(res, Status.NOT_FOUND_404, "Not found: no command with id " + id + " was run by this agent.");
            return;
        }
        if (flag(req, "wait")) {
            await(execution.get());
        }
        sendJson(res, Status.OK_200, json.valueToTree(execution.get().result()));
    }

    private void run(ServerRequest req, ServerResponse res) {
        if (!tokens.accepts(presentedToken(req))) {
            fault(res, Status.UNAUTHORIZED_401, "401 Unauthorized: Token invalid.");
            return;
        }
        CommandRequest command;
        try {
            command = readCommand(req);
        } catch (BodyTooLargeException e) {
            fault(res, Status.REQUEST_ENTITY_TOO_LARGE_413, e.getMessage());
            return;
        } catch (IllegalArgumentException e) {
            fault(res, Status.BAD_REQUEST_400, "Invalid command: " + e.getMessage());
            return;
        }
        Execution execution;
        try {
            execution = executor.submit(command.name(), command.params());
        } catch (UnknownCommandException e) {
            fault(res, Status.NOT_FOUND_404, "Not found: " + e.getMessage());
            return;
        } catch (AgentBusyException e) {
            fault(res, Status.CONFLICT_409, e.getMessage());
            return;
        }
        if (flag(req, "wait")) {
            await(execution);
        }
        sendJson(res, Status.OK_200, json.valueToTree(execution.result()));
    }

    private CommandRequest readCommand(ServerRequest req) {
        long length = req.headers().contentLength().orElse(-1L);
        if (length > MAX_BODY_BYTES) {
            throw new BodyTooLargeException(length);
        }
        byte[] body;
        try (var in = req.content().inputStream()) {
            body = in.readNBytes((int) MAX_BODY_BYTES + 1);
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("cannot read the body: " + e.getMessage());
        }
        if (body.length > MAX_BODY_BYTES) {
            throw new BodyTooLargeException(body.length);
        }
        try {
            JsonNode tree = json.readTree(body);
            if (tree == null || !tree.isObject()) {
                throw new IllegalArgumentException("the body must be a JSON object {\"name\": ..., \"params\": {...}}");
            }
            if (!tree.path("name").isTextual()) {
                throw new IllegalArgumentException("'name' must be a string such as \"standby.sync\"");
            }
            JsonNode params = tree.get("params");
            if (params != null && !params.isNull() && !params.isObject()) {
                throw new IllegalArgumentException("'params' must be a JSON object");
            }
            return json.treeToValue(tree, CommandRequest.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("malformed JSON: " + e.getOriginalMessage());
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("cannot read the body: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (RuntimeException e) {
            // The wire records reject bad values (e.g. a name without a dot) with their own message.
            throw new IllegalArgumentException(e.getMessage());
        }
    }

    /** A command body larger than any real command; answered 413 before it is parsed. */
    private static final class BodyTooLargeException extends RuntimeException {
        BodyTooLargeException(long size) {
            super("Request body of " + size + " bytes is larger than the " + MAX_BODY_BYTES
                    + " bytes a command may have");
        }
    }

    private void await(Execution execution) {
        try {
            execution.awaitFinish(maxWait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Optional<String> presentedToken(ServerRequest req) {
        Optional<String> bearer = req.headers().first(HeaderNames.AUTHORIZATION)
                .filter(v -> v.regionMatches(true, 0, "Bearer ", 0, 7))
                .map(v -> v.substring(7).strip());
        if (bearer.isPresent()) {
            return bearer;
        }
        return req.query().first("agent_token").asOptional();
    }

    private static boolean flag(ServerRequest req, String name) {
        return req.query().first(name).asOptional()
                .map(v -> switch (v.toLowerCase(Locale.ROOT)) {
                    case "true", "1", "yes" -> true;
                    default -> false;
                })
                .orElse(false);
    }

    private static void redirect(ServerRequest req, ServerResponse res, String path) {
        String query = req.query().rawValue();
        res.status(Status.PERMANENT_REDIRECT_308)
                .header(HeaderNames.LOCATION, baseUrl(req) + path + (query.isEmpty() ? "" : "?" + query))
                .send();
    }

    private ObjectNode versionNode(String base) {
        ObjectNode version = json.createObjectNode();
        version.put("id", "v1");
        ArrayNode links = version.putArray("links");
        links.addObject().put("href", base + "/v1").put("rel", "self");
        return version;
    }

    private ArrayNode resourceLinks(String base, String resource) {
        ArrayNode links = json.createArrayNode();
        links.addObject().put("href", base + "/v1/" + resource).put("rel", "self");
        links.addObject().put("href", base + "/" + resource).put("rel", "bookmark");
        return links;
    }

    private static String baseUrl(ServerRequest req) {
        var uri = req.requestedUri();
        return uri.scheme() + "://" + uri.authority();
    }

    private void fault(ServerResponse res, Status status, String message) {
        sendJson(res, status, errors.agentBody(new Fault(Fault.codeFor(status.code()), message, Optional.empty())));
    }

    private void sendJson(ServerResponse res, Status status, JsonNode body) {
        try {
            res.status(status).headers().contentType(HttpMediaTypes.JSON_UTF_8);
            res.send(json.writeValueAsBytes(body));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise a response", e);
        }
    }
}
