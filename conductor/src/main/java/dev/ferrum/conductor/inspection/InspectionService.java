package dev.ferrum.conductor.inspection;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.ApiErrors;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.actions.NodeActions;
import dev.ferrum.conductor.api.actions.ProvisionRequest;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.InvalidStateException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.IntrospectionDataKind;
import dev.ferrum.conductor.store.NodeQuery;
import dev.ferrum.conductor.store.Page;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.protocol.error.ErrorBodies;
import dev.ferrum.protocol.error.Fault;
import dev.ferrum.protocol.error.ProtocolException;
import dev.ferrum.protocol.api.Link;
import dev.ferrum.protocol.inspection.ContinueBody;
import dev.ferrum.protocol.inspection.ContinueInspectionResponse;
import dev.ferrum.protocol.inspection.ContinueResponse;
import dev.ferrum.protocol.inspection.IntrospectionStatus;
import dev.ferrum.protocol.json.WireJson;
import io.helidon.common.media.type.MediaTypes;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * discoverd's / inspector's API on the conductor: {@code POST /v1/continue} (the ramdisk's callback,
 * open, body read without trusting Content-Type, inspector's error shape), Ironic's newer
 * {@code POST /v1/continue_inspection}, and the operator's {@code GET|POST /v1/introspection/<node>}.
 */
public final class InspectionService implements HttpService {
    private static final DateTimeFormatter NAIVE = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS")
            .withZone(ZoneOffset.UTC);
    private static final int MAX_BODY = 16 * 1024 * 1024;

    private final Endpoints endpoints;
    private final Store store;
    private final NodeActions actions;
    private final InspectionProcessor processor;
    private final ObjectMapper json = WireJson.newMapper();
    private final ErrorBodies errors = new ErrorBodies(json);

    public InspectionService(Endpoints endpoints, Store store, NodeActions actions, InspectionProcessor processor) {
        this.endpoints = endpoints;
        this.store = store;
        this.actions = actions;
        this.processor = processor;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.post("/v1/continue", (req, res) -> callback(req, res, false))
                .post("/v1/continue_inspection", (req, res) -> callback(req, res, true))
                .get("/v1/introspection/{node}", endpoints.operator(this::status))
                .get("/v1/introspection/{node}/data", endpoints.operator(call -> data(call, IntrospectionDataKind.PROCESSED)))
                .get("/v1/introspection/{node}/data/unprocessed",
                        endpoints.operator(call -> data(call, IntrospectionDataKind.UNPROCESSED)))
                .post("/v1/introspection/{node}/data/unprocessed", endpoints.operator(this::reprocess))
                .post("/v1/introspection/{node}/abort", endpoints.operator(this::abort))
                .get("/v1/introspection", endpoints.operator(this::list))
                .post("/v1/introspection/{node}", endpoints.operator(this::start));
    }

    private void callback(ServerRequest req, ServerResponse res, boolean ironicForm) {
        res.header(HeaderNames.create("X-Openstack-Ironic-Inspector-Api-Minimum-Version"), "1.0");
        res.header(HeaderNames.create("X-Openstack-Ironic-Inspector-Api-Maximum-Version"), "1.18");
        try {
            JsonNode raw = WireJson.readTree(json, read(req));
            Optional<String> agentToken = takeAgentToken(raw);
            ContinueBody report = ContinueBody.parse(json, raw);
            InspectionProcessor.Processed processed = processor.process(report, raw, agentToken);
            String uuid = processed.node().toString();
            // Only discoverd's answer has room for credentials: the ramdisk that sets them posts to /v1/continue.
            Object answer = ironicForm ? ContinueInspectionResponse.of(uuid) : processed.credentialsToSet()
                    .map(c -> ContinueResponse.settingCredentials(uuid, c.username(), c.password()))
                    .orElseGet(() -> ContinueResponse.of(uuid));
            send(res, 200, json.valueToTree(answer));
        } catch (InspectionException e) {
            send(res, e.status(), errors.inspectorBody(Fault.client(e.getMessage())));
        } catch (ProtocolException e) {
            send(res, 400, errors.inspectorBody(Fault.client("Invalid inspection data: " + e.getMessage())));
        } catch (RuntimeException e) {
            int status = ApiErrors.statusOf(e);
            System.getLogger(InspectionService.class.getName()).log(System.Logger.Level.ERROR,
                    "inspection callback failed", e);
            send(res, status, errors.inspectorBody(status >= 500 ? Fault.server("The inspection data could not be"
                    + " processed; the conductor log has the details.") : Fault.client(e.getMessage())));
        }
    }

    /**
     * Removes the agent token from the report, so it is checked but never stored with the introspection data; the
     * token travels in the body, as it does in a heartbeat, never in the URL.
     */
    private static Optional<String> takeAgentToken(JsonNode raw) {
        if (!(raw instanceof ObjectNode report) || !report.path("agent_token").isTextual()) {
            return Optional.empty();
        }
        return Optional.of(report.remove("agent_token").asText());
    }

    private static byte[] read(ServerRequest req) {
        try (InputStream in = req.content().inputStream()) {
            byte[] bytes = in.readNBytes(MAX_BODY + 1);
            if (bytes.length > MAX_BODY) {
                throw new InspectionException(413, "The inspection data is larger than " + MAX_BODY + " bytes.");
            }
            return bytes;
        } catch (IOException e) {
            throw new UncheckedIOException("reading the inspection data failed", e);
        }
    }

    private void send(ServerResponse res, int status, JsonNode body) {
        try {
            res.status(Status.create(status)).headers().contentType(MediaTypes.APPLICATION_JSON);
            res.send(json.writeValueAsBytes(body));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void status(ApiCall call) {
        Node node = store.nodes().getByIdent(call.pathParam("node"));
        if (node.inspectionStartedAt().isEmpty()) {
            throw new NotFoundException("Node " + node.uuid() + " has not been"
                    + " introspected; start with POST /v1/introspection/" + node.uuid() + ".");
        }
        call.json(200, call.mapper().valueToTree(statusOf(call, node)));
    }

    /**
     * Inspector's status of one node, its state read off the node's provision state. A node is "inspecting" twice:
     * while its boot is prepared (inspector's "starting") and, once the ramdisk's report is in, while it is
     * processed and the node powered off ("processing").
     */
    private IntrospectionStatus statusOf(ApiCall call, Node node) {
        boolean failed = node.provisionState() == ProvisionState.INSPECT_FAILED;
        boolean waiting = node.provisionState() == ProvisionState.INSPECTING
                || node.provisionState() == ProvisionState.INSPECT_WAIT;
        String state = failed ? "error" : node.provisionState() == ProvisionState.INSPECTING
                ? (ReportArrival.received(store, node) ? "processing" : "starting") : waiting ? "waiting" : "finished";
        return new IntrospectionStatus(!waiting,
                failed ? Optional.of(node.lastError().orElse("inspection failed")) : Optional.empty(),
                Optional.of(node.uuid().toString()), Optional.of(state),
                node.inspectionStartedAt().map(NAIVE::format),
                waiting ? Optional.empty() : node.inspectionFinishedAt().map(NAIVE::format),
                List.of(Link.of(call.baseUrl() + "/v1/introspection/" + node.uuid(), "self")));
    }

    /**
     * Inspector's list: every node ever introspected, newest start first, paged by {@code marker} (a node uuid)
     * and {@code limit}, narrowed by {@code state} (waiting, processing, finished, error).
     */
    private void list(ApiCall call) {
        int limit = call.query("limit").map(text -> {
            try {
                return Integer.parseInt(text);
            } catch (NumberFormatException e) {
                throw new InvalidInputException("limit must be a number, got \"" + text + "\".");
            }
        }).orElse(NodeQuery.DEFAULT_LIMIT);
        if (limit < 1) {
            throw new InvalidInputException("limit must be positive, got " + limit + ".");
        }
        Optional<String> state = call.query("state");
        List<IntrospectionStatus> all = new ArrayList<>();
        NodeQuery query = NodeQuery.all();
        while (true) {
            Page<Node> page = store.nodes().list(query);
            page.items().stream().filter(n -> n.inspectionStartedAt().isPresent())
                    .map(n -> statusOf(call, n)).filter(s -> state.isEmpty() || s.state().equals(state))
                    .forEach(all::add);
            if (page.nextMarker().isEmpty()) {
                break;
            }
            query = query.after(page.nextMarker().get());
        }
        all.sort(Comparator.comparing((IntrospectionStatus s) -> s.startedAt().orElse("")).reversed()
                .thenComparing(s -> s.uuid().orElse("")));
        int from = 0;
        Optional<String> marker = call.query("marker");
        if (marker.isPresent()) {
            from = all.stream().map(s -> s.uuid().orElse("")).toList().indexOf(marker.get()) + 1;
            if (from == 0) {
                throw new InvalidInputException("marker " + marker.get() + " is not an introspected node.");
            }
        }
        ObjectNode out = call.mapper().createObjectNode();
        out.set("introspection", call.mapper().valueToTree(all.subList(from, Math.min(all.size(), from + limit))));
        call.json(200, out);
    }

    /** Inspector's abort: a node waiting for its ramdisk stops waiting and ends in inspect failed. */
    private void abort(ApiCall call) {
        Node node = store.nodes().getByIdent(call.pathParam("node"));
        if (node.provisionState() != ProvisionState.INSPECT_WAIT) {
            throw new InvalidStateException("Node " + node.uuid() + " is not being introspected (provision state \""
                    + node.provisionState() + "\"); there is nothing to abort.");
        }
        actions.provision(node, ProvisionRequest.of(ProvisionEvent.ABORT));
        call.accepted(Optional.empty());
    }

    /** Inspector's reapply: the stored report goes through the hooks and rules again. */
    private void reprocess(ApiCall call) {
        Node node = store.nodes().getByIdent(call.pathParam("node"));
        processor.reprocess(node.uuid(), json);
        call.accepted(Optional.empty());
    }

    /**
     * The stored introspection data, as ironic-inspector's data view returns it: what the processing
     * hooks made of the report, or the report as the ramdisk sent it ({@code /data/unprocessed}).
     */
    private void data(ApiCall call, IntrospectionDataKind kind) {
        Node node = store.nodes().getByIdent(call.pathParam("node"));
        JsonDict data = store.introspection().load(node.uuid(), kind).orElseThrow(() -> new NotFoundException(
                "No introspection data stored for node " + node.uuid() + "; inspect it first."));
        call.json(200, data.toObjectNode());
    }

    private void start(ApiCall call) {
        Node node = store.nodes().getByIdent(call.pathParam("node"));
        if (store.stateMachine().next(node.provisionState(), ProvisionEvent.INSPECT).isEmpty()) {
            throw new InvalidStateException("Node " + node.uuid() + " cannot be introspected in provision state \""
                    + node.provisionState() + "\"; move it to manageable first.");
        }
        processor.credentials().request(node, call.query("new_ipmi_username"), call.query("new_ipmi_password"));
        actions.provision(node, ProvisionRequest.of(ProvisionEvent.INSPECT));
        call.accepted(Optional.empty());
    }
}
