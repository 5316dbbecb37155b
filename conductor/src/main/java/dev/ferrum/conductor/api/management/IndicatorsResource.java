package dev.ferrum.conductor.api.management;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.Links;
import dev.ferrum.conductor.cluster.OwnerAction;
import dev.ferrum.conductor.driver.management.IndicatorState;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;

/**
 * {@code /v1/nodes/<id>/management/inject_nmi} (PUT, 1.29) and {@code .../management/indicators} (1.63): the
 * node's indicators as {@code name@component} with links, one indicator's state, and setting it; each asked
 * of the node's management interface on the node's ring owner, which refuses what it does not offer (400).
 */
public final class IndicatorsResource implements HttpService {
    private static final String INDICATORS = "/v1/nodes/{ident}/management/indicators";

    private final Store store;
    private final OwnerCalls owner;
    private final Endpoints endpoints;

    IndicatorsResource(Store store, OwnerCalls owner, Endpoints endpoints) {
        this.store = store;
        this.owner = owner;
        this.endpoints = endpoints;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.put("/v1/nodes/{ident}/management/inject_nmi", endpoints.operator(this::injectNmi))
                .any("/v1/nodes/{ident}/management/inject_nmi", endpoints.methodNotAllowed())
                .get(INDICATORS, endpoints.operator(this::list))
                .any(INDICATORS, endpoints.methodNotAllowed())
                .get(INDICATORS + "/{indicator}", endpoints.operator(this::show))
                .put(INDICATORS + "/{indicator}", endpoints.operator(this::set))
                .any(INDICATORS + "/{indicator}", endpoints.methodNotAllowed());
    }

    private void injectNmi(ApiCall call) {
        if (!call.atLeast(1, 29)) {
            throw new NotFoundException("The resource could not be found.");
        }
        Node node = store.nodes().getByIdent(call.pathParam("ident"));
        owner.call(node, OwnerAction.INJECT_NMI, call.mapper().createObjectNode());
        call.noContent();
    }

    private Node node(ApiCall call) {
        if (!call.atLeast(1, 63)) {
            throw new NotFoundException("The resource could not be found.");
        }
        return store.nodes().getByIdent(call.pathParam("ident"));
    }

    private void list(ApiCall call) {
        Node node = node(call);
        String ident = call.pathParam("ident");
        ObjectNode out = call.mapper().createObjectNode();
        var items = out.putArray("indicators");
        for (JsonNode indicator : owner.call(node, OwnerAction.GET_SUPPORTED_INDICATORS,
                call.mapper().createObjectNode())) {
            String unique = indicator.path("name").asText() + "@" + indicator.path("component").asText();
            ObjectNode item = items.addObject();
            item.put("name", unique);
            item.set("component", indicator.path("component"));
            item.set("readonly", indicator.path("readonly"));
            item.set("states", indicator.path("states"));
            item.set("links", Links.pair(call, "nodes/" + ident + "/management/indicators/" + unique));
        }
        call.json(200, out);
    }

    private void show(ApiCall call) {
        Node node = node(call);
        ObjectNode out = call.mapper().createObjectNode();
        out.set("state", owner.call(node, OwnerAction.GET_INDICATOR_STATE, indicator(call)));
        call.json(200, out);
    }

    private void set(ApiCall call) {
        Node node = node(call);
        ObjectNode arguments = indicator(call);
        JsonNode requested = call.bodyObject().path("state");
        if (!requested.isTextual()) {
            throw new InvalidInputException("Missing mandatory parameter: state");
        }
        IndicatorState state = IndicatorState.fromWireName(requested.asText()).orElseThrow(() ->
                new InvalidInputException("Invalid indicator state " + requested.asText() + "; use on, off, blinking"
                        + " or unknown."));
        arguments.put("state", state.wireName());
        owner.call(node, OwnerAction.SET_INDICATOR_STATE, arguments);
        call.noContent();
    }

    /** {@code name@component} into its two parts, as Ironic splits it (at the first {@code @}). */
    private static ObjectNode indicator(ApiCall call) {
        String unique = call.pathParam("indicator");
        int at = unique.indexOf('@');
        if (at < 0) {
            throw new InvalidInputException("Malformed indicator name \"" + unique + "\"");
        }
        ObjectNode arguments = call.mapper().createObjectNode();
        arguments.put("indicator", unique.substring(0, at));
        arguments.put("component", unique.substring(at + 1));
        return arguments;
    }
}
