package dev.ferrum.conductor.api.management;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.driver.management.ManagementInterface;
import dev.ferrum.conductor.driver.management.ManagementInterfaces;
import dev.ferrum.conductor.error.ConflictException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.node.InterfaceKind;
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
 * while the node is in a transient state, answered 202, then asked of the node's management interface; a
 * failure lands in the node's last_error, as in Ironic.
 */
public final class BootModeResource implements HttpService {
    private static final List<String> MODES = List.of("bios", "uefi");

    private final Store store;
    private final ManagementInterfaces managements;
    private final NodeWork work;
    private final Endpoints endpoints;

    BootModeResource(Store store, ManagementInterfaces managements, NodeWork work, Endpoints endpoints) {
        this.store = store;
        this.managements = managements;
        this.work = work;
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

    private ManagementInterface management(Node node) {
        ManagementInterface management = managements.named(node.interfaces().get(InterfaceKind.MANAGEMENT).orElse(""));
        management.validate(node).failure().ifPresent(reason -> {
            throw new InvalidInputException(reason);
        });
        return management;
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
        ManagementInterface management = management(node);
        String mode = target.asText();
        work.afterAnswer(node.uuid(), "Failed to change boot mode to '" + mode + ": ",
                current -> management.setBootMode(current, mode));
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
        ManagementInterface management = management(node);
        boolean on = target.asBoolean();
        work.afterAnswer(node.uuid(), "Failed to change secure_boot state to '" + (on ? "True" : "False") + "': ",
                current -> management.setSecureBoot(current, on));
        call.accepted(Optional.of(call.baseUrl() + "/v1/nodes/" + call.pathParam("ident") + "/states"));
    }
}
