package dev.ferrum.conductor.api.inventory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.store.IntrospectionDataKind;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.util.Optional;

/**
 * {@code GET /v1/nodes/<id>/inventory} (API 1.81): what the last inspection stored, split as Ironic stores it,
 * the ramdisk's {@code inventory} and everything else the ramdisk sent or processing added as
 * {@code plugin_data}; 404 until an inspection stored something.
 */
public final class InventoryResource implements HttpService {
    private final Store store;
    private final Endpoints endpoints;

    public InventoryResource(Store store, Endpoints endpoints) {
        this.store = store;
        this.endpoints = endpoints;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/v1/nodes/{ident}/inventory", endpoints.operator(this::show))
                .any("/v1/nodes/{ident}/inventory", endpoints.methodNotAllowed());
    }

    private void show(ApiCall call) {
        if (!call.atLeast(1, 81)) {
            throw new NotFoundException("The resource could not be found.");
        }
        Node node = store.nodes().getByIdent(call.pathParam("ident"));
        // The processed copy holds the ramdisk's report with the hooks' results over it; the raw one stands
        // in when processing never finished.
        Optional<JsonDict> data = store.introspection().load(node.uuid(), IntrospectionDataKind.PROCESSED)
                .or(() -> store.introspection().load(node.uuid(), IntrospectionDataKind.UNPROCESSED));
        JsonNode inventory = data.flatMap(d -> d.get("inventory")).filter(JsonNode::isObject)
                .orElseThrow(() -> new NotFoundException("Node inventory record for node " + node.uuid()
                        + " could not be found."));
        ObjectNode out = call.mapper().createObjectNode();
        out.set("inventory", inventory.deepCopy());
        out.set("plugin_data", data.get().without("inventory").toObjectNode());
        call.json(200, out);
    }
}
