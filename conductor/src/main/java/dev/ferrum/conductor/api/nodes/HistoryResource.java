package dev.ferrum.conductor.api.nodes;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.QueryParameters;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;

/**
 * {@code GET /v1/nodes/<ident>/history[/<event>]} (API 1.78): the node's recorded events, oldest
 * first. The event text is the recorded message, or "from -> to (event)" when none was written.
 */
public final class HistoryResource implements HttpService {
    /** Ironic's node history list takes these and nothing else. */
    private static final QueryParameters LIST = QueryParameters.PAGING.and("detail");

    private final Store store;
    private final Endpoints endpoints;

    public HistoryResource(Store store, Endpoints endpoints) {
        this.store = store;
        this.endpoints = endpoints;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/v1/nodes/{ident}/history", endpoints.operator(this::list))
                .any("/v1/nodes/{ident}/history", endpoints.methodNotAllowed())
                .get("/v1/nodes/{ident}/history/{event}", endpoints.operator(this::show))
                .any("/v1/nodes/{ident}/history/{event}", endpoints.methodNotAllowed());
    }

    private void list(ApiCall call) {
        requireVersion(call);
        LIST.check(call);
        Node node = store.nodes().getByIdent(call.pathParam("ident"));
        ObjectNode out = call.mapper().createObjectNode();
        var items = out.putArray("history");
        store.history().list(node.uuid()).forEach(e -> items.add(render(call, e)));
        call.json(200, out);
    }

    private void show(ApiCall call) {
        requireVersion(call);
        QueryParameters.NONE.check(call);
        Node node = store.nodes().getByIdent(call.pathParam("ident"));
        String id = call.pathParam("event");
        NodeEvent event = store.history().list(node.uuid()).stream().filter(e -> e.uuid().toString().equals(id))
                .findFirst().orElseThrow(() -> NotFoundException.of("Node history record", id));
        call.json(200, render(call, event));
    }

    private static void requireVersion(ApiCall call) {
        if (!call.atLeast(1, 78)) {
            // Ironic hides resources newer than the negotiated version entirely.
            throw new NotFoundException("Node history is available from API version 1.78; send"
                    + " X-OpenStack-Ironic-API-Version: 1.78 or later.");
        }
    }

    private static ObjectNode render(ApiCall call, NodeEvent event) {
        ObjectNode out = call.mapper().createObjectNode();
        out.put("uuid", event.uuid().toString());
        out.put("created_at", ApiTimes.format(event.createdAt()));
        out.put("severity", event.severity().name());
        out.put("event_type", "provisioning");
        out.put("event", event.message().isBlank()
                ? event.fromState() + " -> " + event.toState() + " (" + event.event() + ")" : event.message());
        out.put("conductor", event.conductor().orElse(null));
        out.putNull("user");
        out.set("links", dev.ferrum.conductor.api.Links.pair(call, "nodes/" + event.nodeUuid() + "/history/"
                + event.uuid()));
        return out;
    }

}
