package dev.ferrum.conductor.api.portgroups;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.ApiConfig;
import dev.ferrum.conductor.api.ApiException;
import dev.ferrum.conductor.api.DetailQuery;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.Links;
import dev.ferrum.conductor.api.Paging;
import dev.ferrum.conductor.api.QueryParameters;
import dev.ferrum.conductor.api.nodes.JsonPatch;
import dev.ferrum.conductor.api.ports.PortPortgroup;
import dev.ferrum.conductor.api.ports.PortView;
import dev.ferrum.conductor.api.resources.FieldTable;
import dev.ferrum.conductor.api.resources.ListParams;
import dev.ferrum.conductor.api.resources.Values;
import dev.ferrum.conductor.error.ConflictException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.conductor.port.Port;
import dev.ferrum.conductor.portgroup.Portgroup;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.Listing;
import dev.ferrum.conductor.store.Page;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.support.net.MacAddress;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.time.Clock;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * {@code /v1/portgroups} (1.23), {@code /v1/nodes/<ident>/portgroups} and {@code /v1/portgroups/<ident>/ports}
 * (1.24): create, list (plain, detail, fields, {@code node} or {@code address} filter, paging, sort), show by
 * uuid or name, JSON-patch and delete. A portgroup with ports can be neither deleted nor moved to another node.
 */
public final class PortgroupsResource implements HttpService {
    /** The query parameters of Ironic's list here; anything else is 400 "Unexpected arguments". */
    private static final QueryParameters LIST = QueryParameters.PAGING.and("node", "address", "fields", "detail");
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final int SINCE = 23;
    private static final int SUBRESOURCES_SINCE = 24;
    private static final List<String> PASSED_ON = List.of("fields", "detail", "node", "address", "sort_key",
            "sort_dir");
    private static final Set<ProvisionState> MOVE_ALLOWED = EnumSet.of(ProvisionState.ENROLL,
            ProvisionState.INSPECTING, ProvisionState.INSPECT_WAIT, ProvisionState.MANAGEABLE);
    static final FieldTable<Portgroup> FIELDS = new FieldTable<>(List.of(
            FieldTable.field("uuid", 1, (c, p) -> F.textNode(p.uuid().toString())),
            FieldTable.field("created_at", 1, (c, p) -> FieldTable.time(Optional.of(p.createdAt()))),
            FieldTable.field("updated_at", 1, (c, p) -> FieldTable.time(p.updatedAt())),
            FieldTable.field("address", 1, (c, p) -> FieldTable.text(p.address().map(MacAddress::value))),
            FieldTable.field("extra", 1, (c, p) -> p.extra().toObjectNode()),
            FieldTable.field("internal_info", 1, (c, p) -> p.internalInfo().toObjectNode()),
            FieldTable.field("mode", 26, (c, p) -> F.textNode(p.mode())),
            FieldTable.field("name", 1, (c, p) -> FieldTable.text(p.name())),
            FieldTable.field("properties", 26, (c, p) -> p.properties().toObjectNode()),
            FieldTable.field("standalone_ports_supported", 1, (c, p) -> F.booleanNode(p.standalonePortsSupported())),
            FieldTable.field("node_uuid", 1, (c, p) -> F.textNode(p.nodeUuid().toString())),
            FieldTable.field("links", 1, (c, p) -> Links.pair(c, "portgroups/" + p.uuid())),
            FieldTable.field("ports", 1, (c, p) -> Links.pair(c, "portgroups/" + p.uuid() + "/ports"))),
            List.of("uuid", "address", "name", "links"));

    private final Store store;
    private final PortView portView;
    private final ApiConfig config;
    private final Endpoints endpoints;
    private final Clock clock;
    private final PortPortgroup members;

    public PortgroupsResource(Store store, PortView portView, ApiConfig config, Endpoints endpoints, Clock clock) {
        this.store = store;
        this.portView = portView;
        this.config = config;
        this.endpoints = endpoints;
        this.clock = clock;
        this.members = new PortPortgroup(store);
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/v1/portgroups", since(SINCE, call -> list(call, false, Optional.empty())))
                .post("/v1/portgroups", since(SINCE, this::create))
                .any("/v1/portgroups", endpoints.methodNotAllowed())
                .get("/v1/portgroups/detail", since(SINCE, call -> list(call, true, Optional.empty())))
                .any("/v1/portgroups/detail", endpoints.methodNotAllowed())
                .get("/v1/portgroups/{ident}", since(SINCE, this::show))
                .patch("/v1/portgroups/{ident}", since(SINCE, this::patch))
                .delete("/v1/portgroups/{ident}", since(SINCE, this::delete))
                .any("/v1/portgroups/{ident}", endpoints.methodNotAllowed())
                .get("/v1/portgroups/{ident}/ports", since(SUBRESOURCES_SINCE, call -> ports(call, false)))
                .any("/v1/portgroups/{ident}/ports", endpoints.methodNotAllowed())
                .get("/v1/portgroups/{ident}/ports/detail", since(SUBRESOURCES_SINCE, call -> ports(call, true)))
                .any("/v1/portgroups/{ident}/ports/detail", endpoints.methodNotAllowed())
                .get("/v1/nodes/{node}/portgroups", since(SUBRESOURCES_SINCE, call -> list(call, false, pathNode(call))))
                .post("/v1/nodes/{node}/portgroups", since(SUBRESOURCES_SINCE, call -> {
                    throw malformed();
                }))
                .any("/v1/nodes/{node}/portgroups", endpoints.methodNotAllowed())
                .get("/v1/nodes/{node}/portgroups/detail", since(SUBRESOURCES_SINCE,
                        call -> list(call, true, pathNode(call))))
                .any("/v1/nodes/{node}/portgroups/detail", endpoints.methodNotAllowed());
    }

    /** Below its microversion a path does not exist, as in Ironic. */
    private Handler since(int minor, Endpoints.CallHandler handler) {
        return endpoints.operator(call -> {
            if (!call.atLeast(1, minor)) {
                throw new ApiException(404, "This resource needs X-OpenStack-Ironic-API-Version 1." + minor
                        + " or later.");
            }
            handler.handle(call);
        });
    }

    private Optional<UUID> pathNode(ApiCall call) {
        return Optional.of(store.nodes().getByIdent(call.pathParam("node")).uuid());
    }

    private void create(ApiCall call) {
        ObjectNode body = call.bodyObject();
        Values.checkAttributes(call, body, PortgroupDocument.WRITABLE, PortgroupDocument.SINCE, "portgroup");
        UUID uuid = Values.uuid(body, "uuid").orElseGet(UUID::randomUUID);
        Portgroup.Settings settings = PortgroupDocument.settings(body);
        if (store.nodes().find(settings.nodeUuid()).isEmpty()) {
            throw new InvalidInputException("Node " + settings.nodeUuid() + " could not be found.");
        }
        Portgroup created = store.portgroups().create(Portgroup.create(uuid, settings, clock.instant()));
        call.created(call.baseUrl() + "/v1/portgroups/" + created.uuid(), FIELDS.full(call, created));
    }

    private void show(ApiCall call) {
        QueryParameters.FIELDS_ONLY.check(call);
        Portgroup portgroup = store.portgroups().get(ident(call));
        Optional<Set<String>> fields = FIELDS.requested(call);
        call.json(200, fields.map(f -> FIELDS.selected(call, portgroup, f))
                .orElseGet(() -> FIELDS.full(call, portgroup)));
    }

    private void patch(ApiCall call) {
        JsonPatch patch = JsonPatch.parse(call.body());
        Values.checkPatch(call, patch, PortgroupDocument.PATCHABLE, Set.of("node_uuid", "mode"),
                PortgroupDocument.SINCE);
        Portgroup portgroup = store.portgroups().get(ident(call));
        ObjectNode document = PortgroupDocument.patchable(portgroup);
        patch.applyTo(document);
        Portgroup.Settings settings = PortgroupDocument.settings(document);
        Portgroup patched = portgroup.with(settings);
        Portgroup stored = store.locks().withLock(portgroup.nodeUuid(), config.conductorName(), lock -> {
            if (!settings.nodeUuid().equals(portgroup.nodeUuid())) {
                if (store.nodes().find(settings.nodeUuid()).isEmpty()) {
                    throw new InvalidInputException("Node " + settings.nodeUuid() + " could not be found.");
                }
                checkMovable(store.nodes().get(portgroup.nodeUuid()), portgroup);
            }
            return store.portgroups().update(patched, portgroup.version());
        });
        call.json(200, FIELDS.full(call, stored));
    }

    private void delete(ApiCall call) {
        Portgroup portgroup = store.portgroups().get(ident(call));
        store.locks().withLock(portgroup.nodeUuid(), config.conductorName(), lock -> {
            store.portgroups().delete(portgroup.uuid());
            return null;
        });
        call.noContent();
    }

    private void list(ApiCall call, boolean detailPath, Optional<UUID> pathNode) {
        (detailPath ? LIST.without("fields", "detail") : LIST).check(call);
        boolean detail = detailPath || DetailQuery.requested(call);
        Optional<Set<String>> fields = FIELDS.requested(call);
        ListParams.checkNotBoth(detail, fields);
        Optional<String> nodeQuery = call.query("node");
        Optional<String> address = call.query("address");
        if ((pathNode.isPresent() || nodeQuery.isPresent()) && address.isPresent()) {
            throw new InvalidInputException("Filtering by node, address, or shard simultaneously is not supported.");
        }
        Optional<UUID> node = pathNode.or(() -> nodeQuery.map(i -> store.nodes().getByIdent(i).uuid()));
        Listing listing = ListParams.listing(call);
        // A project-scoped caller lists only the portgroups of nodes its project owns or leases.
        Optional<String> project = call.visibleProject();
        Page<Portgroup> page = address.isPresent()
                ? new Page<>(store.portgroups().findByAddress(MacAddresses.parse(address.get()))
                        .filter(group -> project.isEmpty() || store.nodes().find(group.nodeUuid())
                                .filter(n -> n.attributes().owner().equals(project)
                                        || n.attributes().lessee().equals(project)).isPresent())
                        .stream().toList(), Optional.empty())
                : store.portgroups().list(node, project, listing);
        String path = pathNode.map(n -> "nodes/" + call.pathParam("node") + "/portgroups").orElse("portgroups")
                + (detailPath ? "/detail" : "");
        ListParams.answer(call, "portgroups", page, FIELDS, detail, fields, path, PASSED_ON, listing.limit());
    }

    private void ports(ApiCall call, boolean detailPath) {
        boolean detail = detailPath || DetailQuery.requested(call);
        Optional<Set<String>> fields = call.query("fields").map(f -> portView.checkFields(call, f));
        ListParams.checkNotBoth(detail, fields);
        int limit = Paging.limit(call);
        Page<Port> page = members.members(ident(call), Optional.empty(), limit, Paging.marker(call));
        ObjectNode out = call.mapper().createObjectNode();
        ArrayNode items = out.putArray("ports");
        for (Port port : page.items()) {
            items.add(detail ? portView.full(call, port)
                    : fields.map(f -> portView.selected(call, port, f)).orElseGet(() -> portView.summary(call, port)));
        }
        Paging.addNext(call, out, "portgroups/" + call.pathParam("ident") + "/ports" + (detailPath ? "/detail" : ""),
                List.of("fields", "detail"), limit, page.nextMarker());
        call.json(200, out);
    }

    private void checkMovable(Node node, Portgroup portgroup) {
        if (!MOVE_ALLOWED.contains(node.provisionState()) && !node.maintenance()) {
            throw new ConflictException("Portgroup " + portgroup.uuid() + " can not be associated to node "
                    + node.uuid() + " unless the node is in a enroll, inspecting, inspect wait, manageable state or"
                    + " in maintenance mode. Current state is '" + node.provisionState().wireName() + "'.");
        }
    }

    /** A uuid or a logical name; anything else is Ironic's 400. */
    private static String ident(ApiCall call) {
        String ident = call.pathParam("ident");
        if (!ident.matches("^[A-Za-z0-9._~-]{1,255}$")) {
            throw new InvalidInputException("Expected a logical name or UUID but received " + ident + ".");
        }
        return ident;
    }

    private static ApiException malformed() {
        return new ApiException(400, "Malformed request URI: portgroups are created at /v1/portgroups, not under"
                + " a node.");
    }
}
