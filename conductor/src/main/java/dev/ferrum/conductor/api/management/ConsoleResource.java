package dev.ferrum.conductor.api.management;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.cluster.OwnerAction;
import dev.ferrum.conductor.driver.console.ConsoleInterface;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code /v1/nodes/<id>/states/console}: GET says whether the console runs and how to reach it
 * ({@code console_info} is null while it is off), PUT {@code {"enabled": true|false}} starts or stops it
 * through the node's console interface on the node's ring owner (202; a slot without a console is a 400) and records
 * {@code console_enabled}, which the node document shows.
 */
public final class ConsoleResource implements HttpService {
    private static final String CONSOLE = "/v1/nodes/{ident}/states/console";

    private final Store store;
    private final BmcActions actions;
    private final OwnerCalls owner;
    private final Endpoints endpoints;

    ConsoleResource(Store store, BmcActions actions, OwnerCalls owner, Endpoints endpoints) {
        this.store = store;
        this.actions = actions;
        this.owner = owner;
        this.endpoints = endpoints;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get(CONSOLE, endpoints.operator(this::show))
                .put(CONSOLE, endpoints.operator(this::set))
                .any(CONSOLE, endpoints.methodNotAllowed());
    }

    private void show(ApiCall call) {
        Node node = store.nodes().getByIdent(call.pathParam("ident"));
        ObjectNode out = call.mapper().createObjectNode();
        if (store.hardware().get(node.uuid()).consoleEnabled()) {
            ConsoleInterface console = actions.console(node);
            console.check(node);
            out.put("console_enabled", true);
            out.set("console_info", console.info(node).toObjectNode());
        } else {
            out.put("console_enabled", false);
            out.putNull("console_info");
        }
        call.json(200, out);
    }

    private void set(ApiCall call) {
        Node node = store.nodes().getByIdent(call.pathParam("ident"));
        boolean enabled = enabled(call.bodyObject().get("enabled"));
        actions.console(node).check(node);
        if (store.hardware().get(node.uuid()).consoleEnabled() != enabled) {
            ObjectNode arguments = call.mapper().createObjectNode();
            arguments.put("enabled", enabled);
            owner.call(node, OwnerAction.SET_CONSOLE_MODE, arguments);
        }
        call.accepted(Optional.of(call.baseUrl() + "/v1/nodes/" + call.pathParam("ident") + "/states/console"));
    }

    /** A JSON boolean, or a string Ironic's boolean parameters accept. */
    private static boolean enabled(JsonNode value) {
        if (value == null || value.isNull()) {
            throw new InvalidInputException("Missing mandatory parameter: enabled");
        }
        if (value.isBoolean()) {
            return value.asBoolean();
        }
        return switch (value.asText().toLowerCase(Locale.ROOT)) {
            case "true", "1", "yes", "on", "y", "t" -> true;
            case "false", "0", "no", "off", "n", "f" -> false;
            default -> throw new InvalidInputException("Invalid boolean value for enabled: " + value);
        };
    }
}
