package dev.ferrum.conductor.inspection;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.ApiErrors;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.actions.NodeActions;
import dev.ferrum.conductor.api.actions.ProvisionRequest;
import dev.ferrum.conductor.error.InvalidStateException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.IntrospectionDataKind;
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
                .post("/v1/introspection/{node}", endpoints.operator(this::start));
    }

    private void callback(ServerRequest req, ServerResponse res, boolean ironicForm) {
        res.header(HeaderNames.create("X-Openstack-Ironic-Inspector-Api-Minimum-Version"), "1.0");
        res.header(HeaderNames.create("X-Openstack-Ironic-Inspector-Api-Maximum-Version"), "1.18");
        try {
            JsonNode raw = WireJson.readTree(json, read(req));
            Optional<String> agentToken = takeAgentToken(raw);
            ContinueBody report = ContinueBody.parse(json, raw);
            String uuid = processor.process(report, raw, agentToken).toString();
            Object answer = ironicForm ? ContinueInspectionResponse.of(uuid) : ContinueResponse.of(uuid);
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
        boolean failed = node.provisionState() == ProvisionState.INSPECT_FAILED;
        boolean waiting = node.provisionState() == ProvisionState.INSPECTING
                || node.provisionState() == ProvisionState.INSPECT_WAIT;
        IntrospectionStatus out = new IntrospectionStatus(!waiting,
                failed ? Optional.of(node.lastError().orElse("inspection failed")) : Optional.empty(),
                Optional.of(node.uuid().toString()), Optional.of(waiting ? "waiting" : failed ? "error" : "finished"),
                node.inspectionStartedAt().map(NAIVE::format),
                waiting ? Optional.empty() : node.inspectionFinishedAt().map(NAIVE::format),
                List.of(Link.of(call.baseUrl() + "/v1/introspection/" + node.uuid(), "self")));
        call.json(200, call.mapper().valueToTree(out));
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
        actions.provision(node, ProvisionRequest.of(ProvisionEvent.INSPECT));
        call.accepted(Optional.empty());
    }
}
