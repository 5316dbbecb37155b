package dev.ferrum.conductor.api.nodes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.ApiException;
import dev.ferrum.conductor.api.ApiConfig;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * {@code /v1/nodes/<ident>/traits} (API 1.37): list, replace all, add one, remove one or all. Traits
 * are not patchable on the node itself, as in Ironic, so this is how allocations' trait matches get
 * their data.
 */
public final class TraitsResource implements HttpService {
    private static final String TRAITS = "/v1/nodes/{ident}/traits";

    /** Ironic's limit of traits per node. */
    static final int MAX_TRAITS = 50;

    private final Store store;
    private final ApiConfig config;
    private final Endpoints endpoints;

    public TraitsResource(Store store, ApiConfig config, Endpoints endpoints) {
        this.store = store;
        this.config = config;
        this.endpoints = endpoints;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get(TRAITS, endpoints.operator(this::list))
                .put(TRAITS, endpoints.operator(this::replace))
                .delete(TRAITS, endpoints.operator(call -> change(call, traits -> List.of())))
                .any(TRAITS, endpoints.methodNotAllowed())
                .put(TRAITS + "/{trait}", endpoints.operator(call -> change(call, traits -> {
                    List<String> more = new ArrayList<>(traits);
                    more.add(call.pathParam("trait"));
                    return more;
                })))
                .delete(TRAITS + "/{trait}", endpoints.operator(this::removeOne))
                .any(TRAITS + "/{trait}", endpoints.methodNotAllowed());
    }

    private Node node(ApiCall call) {
        if (!call.atLeast(1, 37)) {
            throw beforeTraits(call);
        }
        return store.nodes().getByIdent(call.pathParam("ident"));
    }

    /**
     * Below 1.37 Ironic has no traits sub-resource and answers as its older releases did: a GET reads "traits"
     * as a field asked of the node (406), a PUT meets the node that takes none (405), a DELETE finds nothing.
     */
    private static RuntimeException beforeTraits(ApiCall call) {
        return switch (call.method()) {
            case "GET" -> new ApiException(406, "Node traits need API version 1.37 or later.");
            case "PUT" -> new ApiException(405, "The method is not allowed for this resource.");
            default -> new NotFoundException("Node traits are available from API version 1.37.");
        };
    }

    private void list(ApiCall call) {
        ObjectNode out = call.mapper().createObjectNode();
        var traits = out.putArray("traits");
        node(call).traits().forEach(traits::add);
        call.json(200, out);
    }

    private void replace(ApiCall call) {
        JsonNode given = call.bodyObject().get("traits");
        if (given == null || !given.isArray()) {
            throw new InvalidInputException("The body must be {\"traits\": [\"CUSTOM_...\", ...]}.");
        }
        List<String> traits = new ArrayList<>();
        for (JsonNode trait : given) {
            if (!trait.isTextual()) {
                throw new InvalidInputException("Each trait must be a string, not " + trait + ".");
            }
            traits.add(trait.asText());
        }
        change(call, current -> traits);
    }

    private void removeOne(ApiCall call) {
        String trait = call.pathParam("trait");
        Node node = node(call);
        if (!node.traits().contains(trait)) {
            throw new NotFoundException("Node " + node.uuid() + " doesn't have a trait " + trait + ".");
        }
        change(call, traits -> traits.stream().filter(t -> !t.equals(trait)).toList());
    }

    private void change(ApiCall call, UnaryOperator<List<String>> edit) {
        Node node = node(call);
        List<String> traits = edit.apply(node.traits());
        long distinct = traits.stream().distinct().count();
        if (distinct > MAX_TRAITS) {
            throw new InvalidInputException("Could not modify traits for node " + node.uuid() + " as it would exceed"
                    + " the maximum number of traits per node (" + distinct + " vs. " + MAX_TRAITS + ")");
        }
        // Validated by building the node before the lock is taken, so a bad trait changes nothing.
        node.toBuilder().traits(traits).build();
        store.locks().withLock(node.uuid(), config.conductorName(),
                lock -> store.nodes().update(lock, node.version(), b -> b.traits(traits)));
        call.noContent();
    }
}
