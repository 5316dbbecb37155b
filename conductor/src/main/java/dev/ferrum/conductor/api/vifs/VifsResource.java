package dev.ferrum.conductor.api.vifs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.network.VifAttachments;
import dev.ferrum.conductor.network.VifRequest;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * {@code /v1/nodes/<id>/vifs} (API 1.28): list the node's VIFs, attach one ({@code {"id": ...}}, from 1.67
 * optionally with {@code port_uuid} or {@code portgroup_uuid}), detach one; both changes answer 204.
 */
public final class VifsResource implements HttpService {
    private static final String VIFS = "/v1/nodes/{ident}/vifs";
    /** Ironic's logical names: RFC 3986 unreserved characters, at most 255. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._~-]{1,255}");

    private final Store store;
    private final VifAttachments vifs;
    private final Endpoints endpoints;

    public VifsResource(Store store, VifAttachments vifs, Endpoints endpoints) {
        this.store = store;
        this.vifs = vifs;
        this.endpoints = endpoints;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get(VIFS, endpoints.operator(this::list))
                .post(VIFS, endpoints.operator(this::attach))
                .any(VIFS, endpoints.methodNotAllowed())
                .delete(VIFS + "/{vif}", endpoints.operator(this::detach))
                .any(VIFS + "/{vif}", endpoints.methodNotAllowed());
    }

    private Node node(ApiCall call) {
        if (!call.atLeast(1, 28)) {
            throw new NotFoundException("The resource could not be found.");
        }
        return store.nodes().getByIdent(call.pathParam("ident"));
    }

    private void list(ApiCall call) {
        Node node = node(call);
        ObjectNode out = call.mapper().createObjectNode();
        var items = out.putArray("vifs");
        vifs.list(node).forEach(id -> items.addObject().put("id", id));
        call.json(200, out);
    }

    private void attach(ApiCall call) {
        Node node = node(call);
        ObjectNode body = call.bodyObject();
        JsonNode id = body.get("id");
        if (id == null) {
            throw new InvalidInputException("'id' is a required property");
        }
        if (!id.isTextual()) {
            throw new InvalidInputException(id + " is not of type 'string'");
        }
        String vif = checkIdent("id", id.asText());
        Optional<UUID> port = Optional.empty();
        Optional<UUID> portgroup = Optional.empty();
        // Before 1.67 the extra keys travel with the VIF but do not choose its place, as in Ironic.
        if (call.atLeast(1, 67)) {
            if (body.has("port_uuid") && body.has("portgroup_uuid")) {
                throw new InvalidInputException("Cannot specify both port_uuid and portgroup_uuid");
            }
            port = uuid(body, "port_uuid");
            portgroup = uuid(body, "portgroup_uuid");
        }
        vifs.attach(node, new VifRequest(vif, port, portgroup));
        call.noContent();
    }

    private void detach(ApiCall call) {
        Node node = node(call);
        vifs.detach(node, checkIdent("vif_id", call.pathParam("vif")));
        call.noContent();
    }

    private static String checkIdent(String name, String value) {
        if (!NAME.matcher(value).matches() && !isUuid(value)) {
            throw new InvalidInputException("Expected UUID or name for " + name + ": " + value);
        }
        return value;
    }

    private static Optional<UUID> uuid(ObjectNode body, String key) {
        JsonNode value = body.get(key);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isTextual() || !isUuid(value.asText())) {
            throw new InvalidInputException("Expected a UUID for " + key + " but received " + value + ".");
        }
        return Optional.of(UUID.fromString(value.asText()));
    }

    private static boolean isUuid(String value) {
        try {
            return UUID.fromString(value).toString().equalsIgnoreCase(value);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
