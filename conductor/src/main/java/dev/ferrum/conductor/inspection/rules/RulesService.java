package dev.ferrum.conductor.inspection.rules;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.error.NotFoundException;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.util.UUID;

/**
 * ironic-inspector's rules API: {@code POST/GET/DELETE /v1/rules} and {@code GET/DELETE /v1/rules/<uuid>}. A
 * rule that could not run (unknown op, bad path, bad value) is refused with 400 naming the offending part.
 */
public final class RulesService implements HttpService {
    private final Endpoints endpoints;
    private final RuleBook rules;

    public RulesService(Endpoints endpoints, RuleBook rules) {
        this.endpoints = endpoints;
        this.rules = rules;
    }

    @Override
    public void routing(HttpRules routes) {
        routes.post("/v1/rules", endpoints.operator(this::create))
                .get("/v1/rules", endpoints.operator(this::list))
                .delete("/v1/rules", endpoints.operator(call -> {
                    rules.deleteAll();
                    call.noContent();
                }))
                .get("/v1/rules/{uuid}", endpoints.operator(call -> call.json(200, full(call, rules.get(uuid(call))))))
                .delete("/v1/rules/{uuid}", endpoints.operator(call -> {
                    rules.delete(uuid(call));
                    call.noContent();
                }));
    }

    private void create(ApiCall call) {
        InspectionRule rule = rules.create(call.bodyObject());
        call.created(call.baseUrl() + "/v1/rules/" + rule.uuid(), full(call, rule));
    }

    private void list(ApiCall call) {
        ObjectNode out = call.mapper().createObjectNode();
        ArrayNode list = out.putArray("rules");
        for (InspectionRule rule : rules.all()) {
            ObjectNode brief = list.addObject().put("uuid", rule.uuid().toString())
                    .put("description", rule.description().orElse(null)).put("scope", rule.scope().orElse(null))
                    .put("built_in", rule.builtIn());
            brief.set("links", links(call, rule));
        }
        call.json(200, out);
    }

    private static ObjectNode full(ApiCall call, InspectionRule rule) {
        ObjectNode out = rule.toJson();
        out.set("links", links(call, rule));
        return out;
    }

    private static ArrayNode links(ApiCall call, InspectionRule rule) {
        ArrayNode links = call.mapper().createArrayNode();
        links.addObject().put("href", call.baseUrl() + "/v1/rules/" + rule.uuid()).put("rel", "self");
        return links;
    }

    private static UUID uuid(ApiCall call) {
        String text = call.pathParam("uuid");
        try {
            return UUID.fromString(text);
        } catch (IllegalArgumentException e) {
            throw new NotFoundException("Rule " + text + " was not found.");
        }
    }
}
