package dev.ferrum.conductor.api.nodes;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.Paging;
import dev.ferrum.conductor.api.QueryParameters;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.history.HistoryEntry;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code GET /v1/nodes/<ident>/history[/<event>]} (API 1.78): the node's timeline, oldest first, paged by
 * {@code limit} and {@code marker} as Ironic's lists are; the record shape is {@link HistoryView}'s.
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
                // The stock CLI's "history list --long" asks here; no record uuid can be "detail" (Ironic answers
                // 404 and the CLI fails), so Ferrum serves the list, whose records are always detailed.
                .get("/v1/nodes/{ident}/history/detail", endpoints.operator(this::list))
                .get("/v1/nodes/{ident}/history/{event}", endpoints.operator(this::show))
                .any("/v1/nodes/{ident}/history/{event}", endpoints.methodNotAllowed());
    }

    private void list(ApiCall call) {
        requireVersion(call);
        LIST.check(call);
        Node node = store.nodes().getByIdent(call.pathParam("ident"));
        int limit = Paging.limit(call);
        List<HistoryEntry> page = store.history().page(node.uuid(), Paging.marker(call), limit);
        ObjectNode out = call.mapper().createObjectNode();
        var items = out.putArray("history");
        page.forEach(e -> items.add(HistoryView.render(call, e)));
        Paging.addNext(call, out, "nodes/" + node.uuid() + "/history", List.of("detail"), limit,
                page.size() < limit ? Optional.empty() : Optional.of(page.get(page.size() - 1).event().uuid()));
        call.json(200, out);
    }

    private void show(ApiCall call) {
        requireVersion(call);
        QueryParameters.NONE.check(call);
        Node node = store.nodes().getByIdent(call.pathParam("ident"));
        String id = call.pathParam("event");
        HistoryEntry event = parse(id).flatMap(uuid -> store.history().get(node.uuid(), uuid))
                .orElseThrow(() -> NotFoundException.of("Node history record", id));
        call.json(200, HistoryView.render(call, event));
    }

    private static Optional<UUID> parse(String id) {
        try {
            return Optional.of(UUID.fromString(id));
        } catch (IllegalArgumentException notAUuid) {
            return Optional.empty();
        }
    }

    private static void requireVersion(ApiCall call) {
        if (!call.atLeast(1, 78)) {
            // Ironic hides resources newer than the negotiated version entirely.
            throw new NotFoundException("Node history is available from API version 1.78; send"
                    + " X-OpenStack-Ironic-API-Version: 1.78 or later.");
        }
    }
}
