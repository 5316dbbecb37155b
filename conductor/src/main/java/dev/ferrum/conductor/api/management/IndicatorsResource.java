package dev.ferrum.conductor.api.management;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.Links;
import dev.ferrum.conductor.driver.management.Indicator;
import dev.ferrum.conductor.driver.management.IndicatorState;
import dev.ferrum.conductor.driver.management.ManagementInterface;
import dev.ferrum.conductor.driver.management.ManagementInterfaces;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;

/**
 * {@code /v1/nodes/<id>/management/inject_nmi} (PUT, 1.29) and {@code .../management/indicators} (1.63): the
 * node's indicators as {@code name@component} with links, one indicator's state, and setting it; each asked
 * of the node's management interface, which refuses what it does not offer (400).
 */
public final class IndicatorsResource implements HttpService {
    /** How long a request waits for the node's lock before answering 409, as Ironic retries. */
    private static final java.time.Duration LOCK_WAIT = java.time.Duration.ofSeconds(2);
    private static final String INDICATORS = "/v1/nodes/{ident}/management/indicators";

    private final Store store;
    private final ManagementInterfaces managements;
    private final String conductor;
    private final Endpoints endpoints;

    IndicatorsResource(Store store, ManagementInterfaces managements, String conductor, Endpoints endpoints) {
        this.store = store;
        this.managements = managements;
        this.conductor = conductor;
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

    private ManagementInterface management(Node node) {
        ManagementInterface management = managements.named(node.interfaces().get(InterfaceKind.MANAGEMENT).orElse(""));
        management.validate(node).failure().ifPresent(reason -> {
            throw new InvalidInputException(reason);
        });
        return management;
    }

    private void injectNmi(ApiCall call) {
        if (!call.atLeast(1, 29)) {
            throw new NotFoundException("The resource could not be found.");
        }
        Node node = store.nodes().getByIdent(call.pathParam("ident"));
        store.locks().withLockWaiting(node.uuid(), conductor, LOCK_WAIT, lock -> {
            management(node).injectNmi(node);
            return null;
        });
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
        for (Indicator indicator : management(node).supportedIndicators(node)) {
            String unique = indicator.name() + "@" + indicator.component();
            ObjectNode item = items.addObject();
            item.put("name", unique);
            item.put("component", indicator.component());
            item.put("readonly", indicator.readonly());
            var states = item.putArray("states");
            indicator.states().forEach(s -> states.add(s.wireName()));
            item.set("links", Links.pair(call, "nodes/" + ident + "/management/indicators/" + unique));
        }
        call.json(200, out);
    }

    private void show(ApiCall call) {
        Node node = node(call);
        String[] parts = split(call.pathParam("indicator"));
        IndicatorState state = management(node).indicatorState(node, parts[1], parts[0]);
        ObjectNode out = call.mapper().createObjectNode();
        out.put("state", state.wireName());
        call.json(200, out);
    }

    private void set(ApiCall call) {
        Node node = node(call);
        String[] parts = split(call.pathParam("indicator"));
        JsonNode requested = call.bodyObject().path("state");
        if (!requested.isTextual()) {
            throw new InvalidInputException("Missing mandatory parameter: state");
        }
        IndicatorState state = IndicatorState.fromWireName(requested.asText()).orElseThrow(() ->
                new InvalidInputException("Invalid indicator state " + requested.asText() + "; use on, off, blinking"
                        + " or unknown."));
        store.locks().withLockWaiting(node.uuid(), conductor, LOCK_WAIT, lock -> {
            management(node).setIndicatorState(node, parts[1], parts[0], state);
            return null;
        });
        call.noContent();
    }

    /** {@code name@component} into its two parts, as Ironic splits it (at the first {@code @}). */
    private static String[] split(String unique) {
        int at = unique.indexOf('@');
        if (at < 0) {
            throw new InvalidInputException("Malformed indicator name \"" + unique + "\"");
        }
        return new String[] {unique.substring(0, at), unique.substring(at + 1)};
    }
}
