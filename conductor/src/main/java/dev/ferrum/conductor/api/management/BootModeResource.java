package dev.ferrum.conductor.api.management;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.cluster.OwnerAction;
import dev.ferrum.conductor.error.ConflictException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.StateKind;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.util.List;
import java.util.Optional;

/**
 * {@code PUT /v1/nodes/<id>/states/boot_mode} ({@code {"target": "uefi"|"bios"}}) and
 * {@code .../states/secure_boot} ({@code {"target": true|false}}), from API 1.76: checked, refused (409)
 * while the node is in a transient state, handed to the node's ring owner and answered 202; the owner asks the
 * node's management interface and a failure lands in the node's last_error, as in Ironic.
 */
public final class BootModeResource implements HttpService {
    private static final List<String> MODES = List.of("bios", "uefi");

    private final Store store;
    private final BmcActions actions;
    private final OwnerCalls owner;
    private final Endpoints endpoints;

    BootModeResource(Store store, BmcActions actions, OwnerCalls owner, Endpoints endpoints) {
        this.store = store;
        this.actions = actions;
        this.owner = owner;
        this.endpoints = endpoints;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.put("/v1/nodes/{ident}/states/boot_mode", endpoints.operator(this::bootMode))
                .any("/v1/nodes/{ident}/states/boot_mode", endpoints.methodNotAllowed())
                .put("/v1/nodes/{ident}/states/secure_boot", endpoints.operator(this::secureBoot))
                .any("/v1/nodes/{ident}/states/secure_boot", endpoints.methodNotAllowed());
    }

    private Node node(ApiCall call) {
        Node node = store.nodes().getByIdent(call.pathParam("ident"));
        if (!call.atLeast(1, 76)) {
            throw new NotFoundException("This endpoint is supported starting with the API version 1.76");
        }
        return node;
    }

    private static void requireSteady(Node node) {
        if (node.provisionState().kind() == StateKind.TRANSIENT) {
            throw new ConflictException("Node is in " + node.provisionState().wireName() + " state. Since node is"
                    + " transitioning, the boot mode will not be set as this may interfere with ongoing changes and"
                    + " result in erroneous modification. Try again later.");
        }
    }

    private void bootMode(ApiCall call) {
        Node node = node(call);
        JsonNode target = call.bodyObject().path("target");
        if (!target.isTextual() || !MODES.contains(target.asText())) {
            throw new InvalidInputException("Invalid boot mode " + (target.isMissingNode() ? "None" : target.asText())
                    + " requested for node. Allowed boot modes are: bios, uefi");
        }
        requireSteady(node);
        actions.management(node);
        ObjectNode arguments = call.mapper().createObjectNode();
        arguments.put("mode", target.asText());
        owner.call(node, OwnerAction.SET_BOOT_MODE, arguments);
        call.accepted(Optional.of(call.baseUrl() + "/v1/nodes/" + call.pathParam("ident") + "/states"));
    }

    private void secureBoot(ApiCall call) {
        Node node = node(call);
        JsonNode target = call.bodyObject().path("target");
        if (!target.isBoolean()) {
            throw new InvalidInputException("Invalid secure_boot " + (target.isMissingNode() ? "None" : target.asText())
                    + " requested for node. Allowed secure_boot states are: True, False) ");
        }
        requireSteady(node);
        actions.management(node);
        ObjectNode arguments = call.mapper().createObjectNode();
        arguments.put("state", target.asBoolean());
        owner.call(node, OwnerAction.SET_SECURE_BOOT_STATE, arguments);
        call.accepted(Optional.of(call.baseUrl() + "/v1/nodes/" + call.pathParam("ident") + "/states"));
    }
}
