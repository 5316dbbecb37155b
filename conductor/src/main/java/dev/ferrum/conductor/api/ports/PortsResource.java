package dev.ferrum.conductor.api.ports;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.DetailQuery;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.Paging;
import dev.ferrum.conductor.api.QueryParameters;
import dev.ferrum.conductor.api.nodes.JsonPatch;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.conductor.port.Port;
import dev.ferrum.conductor.store.Page;
import dev.ferrum.conductor.store.PortSortKey;
import dev.ferrum.conductor.store.SortDirection;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * {@code /v1/ports} and {@code /v1/nodes/<ident>/ports}: create, list (plain, detail, fields, filters
 * {@code node}, {@code node_uuid}, {@code address}, paging), show, JSON-patch and delete. A MAC held by
 * another port is a 409 naming the holder.
 */
public final class PortsResource implements HttpService {
    private static final List<String> PASSED_ON = List.of("fields", "detail", "node", "node_uuid", "address",
            "portgroup", "sort_key", "sort_dir");
    /** Every parameter of Ironic's port list (as of 1.82); the ones not served yet are taken and ignored. */
    private static final QueryParameters LIST = QueryParameters.PAGING.and("node", "node_uuid", "address", "detail")
            .since(8, "fields").since(24, "portgroup").since(82, "shard");
    private static final QueryParameters DETAIL = LIST.without("fields", "detail");

    private final Store store;
    private final PortView view;
    private final Endpoints endpoints;
    private final Clock clock;
    private final PortPortgroup portgroups;

    public PortsResource(Store store, PortView view, Endpoints endpoints, Clock clock) {
        this.store = store;
        this.view = view;
        this.endpoints = endpoints;
        this.clock = clock;
        this.portgroups = new PortPortgroup(store);
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/v1/ports", endpoints.operator(call -> list(call, false, Optional.empty())))
                .post("/v1/ports", endpoints.operator(this::create))
                .any("/v1/ports", endpoints.methodNotAllowed())
                .get("/v1/ports/detail", endpoints.operator(call -> list(call, true, Optional.empty())))
                .any("/v1/ports/detail", endpoints.methodNotAllowed())
                .get("/v1/ports/{uuid}", endpoints.operator(this::show))
                .patch("/v1/ports/{uuid}", endpoints.operator(this::patch))
                .delete("/v1/ports/{uuid}", endpoints.operator(this::delete))
                .any("/v1/ports/{uuid}", endpoints.methodNotAllowed())
                .get("/v1/nodes/{ident}/ports", endpoints.operator(call -> list(call, false, nodeOf(call))))
                .any("/v1/nodes/{ident}/ports", endpoints.methodNotAllowed())
                .get("/v1/nodes/{ident}/ports/detail", endpoints.operator(call -> list(call, true, nodeOf(call))))
                .any("/v1/nodes/{ident}/ports/detail", endpoints.methodNotAllowed());
    }

    private Optional<UUID> nodeOf(ApiCall call) {
        return Optional.of(store.nodes().getByIdent(call.pathParam("ident")).uuid());
    }

    private void create(ApiCall call) {
        ObjectNode body = call.bodyObject();
        body.fieldNames().forEachRemaining(field -> view.rejectNewer(call, field));
        Optional<UUID> portgroup = portgroups.takeFromCreate(call, body);
        Port port = PortDocument.fromCreate(body, clock.instant());
        // An unknown node is the caller's mistake in the body, not a missing URL: 400 as in Ironic.
        if (store.nodes().find(port.nodeUuid()).isEmpty()) {
            throw new InvalidInputException("Node " + port.nodeUuid() + " could not be found; create the node"
                    + " before its ports.");
        }
        portgroups.check(port, portgroup, true);
        Port stored = store.ports().create(port);
        portgroup.ifPresent(g -> portgroups.assign(stored.uuid(), portgroup));
        call.created(call.baseUrl() + "/v1/ports/" + stored.uuid(), view.full(call, stored));
    }

    private void show(ApiCall call) {
        QueryParameters.FIELDS_ONLY.check(call);
        Port port = store.ports().get(portUuid(call));
        Optional<Set<String>> fields = call.query("fields").map(f -> view.checkFields(call, f));
        call.json(200, fields.map(f -> view.selected(call, port, f)).orElseGet(() -> view.full(call, port)));
    }

    private void patch(ApiCall call) {
        UUID uuid = portUuid(call);
        JsonPatch whole = JsonPatch.parse(call.body());
        // Set or removed, a field newer than the request is a 406, as in Ironic.
        whole.operations().forEach(op -> view.rejectNewer(call, op.path().get(0)));
        JsonPatch patch = PortPortgroup.withoutPortgroup(whole);
        patch.operations().forEach(PortDocument::checkPatchPath);
        Port port = store.ports().get(uuid);
        Optional<Optional<UUID>> newPortgroup = portgroups.patched(call, whole, port);
        ObjectNode document = PortDocument.patchable(port);
        patch.applyTo(document);
        Port patched = PortDocument.fromPatched(port, document);
        if (!patched.nodeUuid().equals(port.nodeUuid()) && store.nodes().find(patched.nodeUuid()).isEmpty()) {
            throw new InvalidInputException("Node " + patched.nodeUuid() + " could not be found.");
        }
        Optional<UUID> portgroup = newPortgroup.orElseGet(() -> portgroups.current(port.uuid()));
        portgroups.check(patched, portgroup, newPortgroup.isPresent() || patched.pxeEnabled() != port.pxeEnabled()
                || !patched.physicalNetwork().equals(port.physicalNetwork()));
        Port stored = store.ports().update(patched, port.version());
        newPortgroup.ifPresent(g -> portgroups.assign(port.uuid(), g));
        call.json(200, view.full(call, stored));
    }

    private void delete(ApiCall call) {
        store.ports().delete(portUuid(call));
        call.noContent();
    }

    private void list(ApiCall call, boolean detailPath, Optional<UUID> pathNode) {
        (detailPath ? DETAIL : LIST).check(call);
        boolean detail = detailPath || DetailQuery.requested(call);
        Optional<Set<String>> fields = call.query("fields").map(f -> view.checkFields(call, f));
        if (detail && fields.isPresent()) {
            throw new InvalidInputException("Can not specify ?detail=True and fields in the same request.");
        }
        Optional<UUID> node = pathNode.or(() -> call.query("node").map(i -> store.nodes().getByIdent(i).uuid()))
                .or(() -> call.query("node_uuid").map(i -> store.nodes().getByIdent(i).uuid()));
        int limit = Paging.limit(call);
        // A project-scoped caller lists only the ports of nodes its project owns or leases.
        Optional<String> project = call.visibleProject();
        Page<Port> page;
        Optional<String> address = call.query("address");
        Optional<String> portgroup = call.query("portgroup");
        if (portgroup.isPresent()) {
            page = visibleOnly(portgroups.filter(call, portgroup.get(), node, limit), project);
        } else if (address.isPresent()) {
            Optional<Port> found = store.ports().findByAddress(MacAddresses.parse(address.get()))
                    .filter(p -> node.isEmpty() || p.nodeUuid().equals(node.get()));
            page = visibleOnly(new Page<>(found.stream().toList(), Optional.empty()), project);
        } else {
            // Ironic lists in the order ports were created (its row id) unless told otherwise.
            PortSortKey key = call.query("sort_key").map(PortSortKey::fromField).orElse(PortSortKey.CREATED_AT);
            SortDirection direction = call.query("sort_dir").map(d -> switch (d.toLowerCase(java.util.Locale.ROOT)) {
                case "asc" -> SortDirection.ASC;
                case "desc" -> SortDirection.DESC;
                default -> throw new InvalidInputException("Invalid sort direction \"" + d + "\": use asc or desc.");
            }).orElse(SortDirection.ASC);
            page = store.ports().list(node, project, limit, Paging.marker(call), key, direction);
        }
        ObjectNode out = call.mapper().createObjectNode();
        ArrayNode items = out.putArray("ports");
        for (Port port : page.items()) {
            items.add(detail ? view.full(call, port)
                    : fields.map(f -> view.selected(call, port, f)).orElseGet(() -> view.summary(call, port)));
        }
        String path = pathNode.map(n -> "nodes/" + call.pathParam("ident") + "/ports").orElse("ports")
                + (detailPath ? "/detail" : "");
        Paging.addNext(call, out, path, PASSED_ON, limit, page.nextMarker());
        call.json(200, out);
    }

    private Page<Port> visibleOnly(Page<Port> page, Optional<String> project) {
        if (project.isEmpty()) {
            return page;
        }
        List<Port> visible = page.items().stream().filter(port -> store.nodes().find(port.nodeUuid())
                .filter(n -> n.attributes().owner().equals(project) || n.attributes().lessee().equals(project))
                .isPresent()).toList();
        return new Page<>(visible, page.nextMarker());
    }

    private static UUID portUuid(ApiCall call) {
        String raw = call.pathParam("uuid");
        // Ironic (to 1.82) addresses a port by its uuid alone: a MAC or a malformed uuid is a 400, not a 404.
        if (!raw.matches("(?i)[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}")) {
            throw new InvalidInputException("Expected UUID for port_uuid: " + raw);
        }
        return UUID.fromString(raw.replaceFirst("(?i)^(\\p{XDigit}{8})-?(\\p{XDigit}{4})-?(\\p{XDigit}{4})-?"
                + "(\\p{XDigit}{4})-?(\\p{XDigit}{12})$", "$1-$2-$3-$4-$5"));
    }
}
