package dev.ferrum.conductor.api.nodes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.NodeAttributeFilter;
import dev.ferrum.conductor.store.NodeQuery;
import dev.ferrum.conductor.store.Page;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Child nodes (API 1.83): a node's {@code parent_node} names another node (by uuid or name, stored as its
 * uuid), and {@code GET /v1/nodes/<node>/children} lists the uuids of the nodes whose parent it is. As in
 * Ironic, a parent that does not exist or belongs to another owner is refused with the same 400, so the
 * answer does not tell whether the node exists.
 */
public final class NodeParents implements HttpService {
    private static final String CHILDREN = "/v1/nodes/{ident}/children";

    private final Store store;
    private final Endpoints endpoints;

    public NodeParents(Store store, Endpoints endpoints) {
        this.store = store;
        this.endpoints = endpoints;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get(CHILDREN, endpoints.operator(this::children))
                .any(CHILDREN, endpoints.methodNotAllowed());
    }

    private void children(ApiCall call) {
        if (!call.atLeast(1, 83)) {
            throw new NotFoundException("The resource could not be found.");
        }
        Node parent = store.nodes().getByIdent(call.pathParam("ident"));
        NodeQuery query = NodeQuery.all().withAttributes(NodeAttributeFilter.none()
                .withChildren(Optional.of(parent.uuid().toString()), false));
        List<String> children = new ArrayList<>();
        Optional<UUID> marker = Optional.empty();
        do {
            Page<Node> page = store.nodes().list(marker.map(query::after).orElse(query));
            page.items().forEach(child -> children.add(child.uuid().toString()));
            marker = page.nextMarker();
        } while (marker.isPresent());
        ObjectNode out = call.mapper().createObjectNode();
        var list = out.putArray("children");
        children.forEach(list::add);
        // Ironic's single link (not a list): the node list filtered on this parent.
        ObjectNode link = out.putObject("links");
        link.put("href", call.baseUrl() + "/v1/nodes/?parent_node=" + parent.uuid());
        link.put("rel", "children");
        call.json(200, out);
    }

    /**
     * Replaces {@code parent_node} in {@code document} (a create body or a patched node) by the uuid of the node
     * it names, checked as Ironic's authorize_node_link does: the node exists and has the same owner as
     * {@code owner}. A null or absent value is left alone.
     */
    void resolve(ObjectNode document, Optional<String> owner) {
        JsonNode given = document.get("parent_node");
        if (given == null || given.isNull()) {
            return;
        }
        if (!given.isTextual()) {
            throw new InvalidInputException("Invalid parent_node: " + given + " is not of type 'string', 'null'");
        }
        String ident = given.asText();
        Node parent;
        try {
            parent = store.nodes().getByIdent(ident);
        } catch (NotFoundException e) {
            throw invalid(ident);
        }
        if (!parent.attributes().owner().equals(owner)) {
            throw invalid(ident);
        }
        document.put("parent_node", parent.uuid().toString());
    }

    /** {@code text} as a uuid, if it is one. */
    static Optional<UUID> uuid(String text) {
        try {
            return Optional.of(UUID.fromString(text));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    static InvalidInputException invalid(String requested) {
        return new InvalidInputException("Unable to apply the requested parent_node '" + requested + "'. Requested"
                + " value was invalid.");
    }
}
