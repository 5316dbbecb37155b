package dev.ferrum.conductor.api.volume;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.Links;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;

/** {@code /v1/volume} and {@code /v1/nodes/<ident>/volume} (1.32): the links to connectors and targets. */
public final class VolumeResource implements HttpService {
    private final Store store;
    private final Endpoints endpoints;

    public VolumeResource(Store store, Endpoints endpoints) {
        this.store = store;
        this.endpoints = endpoints;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/v1/volume", endpoints.operator(call -> root(call, "volume/")))
                .any("/v1/volume", endpoints.methodNotAllowed())
                .get("/v1/nodes/{ident}/volume", endpoints.operator(call -> {
                    VolumeRules.checkVersion(call);
                    store.nodes().getByIdent(call.pathParam("ident"));
                    root(call, "nodes/" + call.pathParam("ident") + "/volume/");
                }))
                .any("/v1/nodes/{ident}/volume", endpoints.methodNotAllowed());
    }

    private void root(ApiCall call, String base) {
        VolumeRules.checkVersion(call);
        ObjectNode doc = call.mapper().createObjectNode();
        doc.set("links", Links.pair(call, base));
        doc.set("connectors", Links.pair(call, base + "connectors"));
        doc.set("targets", Links.pair(call, base + "targets"));
        call.json(200, doc);
    }
}
