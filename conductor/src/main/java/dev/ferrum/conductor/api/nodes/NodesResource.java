package dev.ferrum.conductor.api.nodes;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.ApiConfig;
import dev.ferrum.conductor.api.ApiException;
import dev.ferrum.conductor.api.DetailQuery;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.Paging;
import dev.ferrum.conductor.api.QueryParameters;
import dev.ferrum.conductor.api.actions.DriverCatalog;
import dev.ferrum.conductor.error.ConflictException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.NodeQuery;
import dev.ferrum.conductor.store.NodeSortKey;
import dev.ferrum.conductor.store.Page;
import dev.ferrum.conductor.store.SortDirection;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.protocol.api.Microversion;
import dev.ferrum.conductor.error.InvalidInputException;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * {@code /v1/nodes}: create, list (plain, detail, fields, filters, paging), show, JSON-patch and
 * delete. Changes take the node's lock under this conductor's name; refusals change nothing.
 */
public final class NodesResource implements HttpService {
    private static final List<String> PASSED_ON = Stream.concat(List.of("fields", "detail",
            "provision_state", "maintenance", "driver", "resource_class", "associated", "instance_uuid", "sort_key",
            "sort_dir", "chassis_uuid").stream(), NodeListFilters.PARAMETERS.stream()).toList();
    /**
     * Every parameter of Ironic's node list (its signature up to 1.82 and beyond), so filters not served yet
     * are taken and ignored as Ironic's older releases did, and anything else is a 400.
     */
    private static final QueryParameters LIST = QueryParameters.PAGING.and("chassis_uuid", "instance_uuid",
            "associated", "maintenance", "retired", "detail", "description_contains", "project")
            .since(8, "fields").since(9, "provision_state").since(16, "driver").since(21, "resource_class")
            .since(42, "fault").since(46, "conductor_group").since(49, "conductor").since(50, "owner")
            .since(65, "lessee").since(82, "shard", "sharded")
            // instance_name (1.104) lies past the versions served: taken, as Ironic's signature does, and refused.
            .since(83, "include_children", "parent_node").since(104, "instance_name");
    private static final QueryParameters DETAIL = LIST.without("fields", "detail");

    private final Store store;
    private final DriverCatalog drivers;
    private final NodeView view;
    private final ApiConfig config;
    private final Endpoints endpoints;
    private final Clock clock;
    private final NodeChassis chassis;
    private final NodeParents parents;

    public NodesResource(Store store, DriverCatalog drivers, NodeView view, ApiConfig config, Endpoints endpoints,
                         Clock clock) {
        this.store = store;
        this.drivers = drivers;
        this.view = view;
        this.config = config;
        this.endpoints = endpoints;
        this.clock = clock;
        this.chassis = new NodeChassis(store);
        this.parents = new NodeParents(store, endpoints);
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/v1/nodes", endpoints.operator(call -> list(call, false, Optional.empty())))
                .post("/v1/nodes", endpoints.operator(this::create))
                .any("/v1/nodes", endpoints.methodNotAllowed())
                .get("/v1/nodes/detail", endpoints.operator(call -> list(call, true, Optional.empty())))
                .any("/v1/nodes/detail", endpoints.methodNotAllowed())
                .get("/v1/nodes/{ident}", endpoints.operator(this::show))
                .patch("/v1/nodes/{ident}", endpoints.operator(this::patch))
                .delete("/v1/nodes/{ident}", endpoints.operator(this::delete))
                .any("/v1/nodes/{ident}", endpoints.methodNotAllowed())
                .get("/v1/chassis/{chassis}/nodes", endpoints.operator(call -> list(call, false,
                        Optional.of(call.pathParam("chassis")))))
                .any("/v1/chassis/{chassis}/nodes", endpoints.methodNotAllowed())
                .get("/v1/chassis/{chassis}/nodes/detail", endpoints.operator(call -> list(call, true,
                        Optional.of(call.pathParam("chassis")))))
                .any("/v1/chassis/{chassis}/nodes/detail", endpoints.methodNotAllowed());
        parents.routing(rules);
    }

    private void create(ApiCall call) {
        ObjectNode body = call.bodyObject();
        NodeFieldGates.checkCreate(call, body);
        body.properties().forEach(e -> rejectNewer(call, e.getKey(), e.getValue(), false));
        Optional<UUID> inChassis = chassis.takeFromCreate(body);
        parents.resolve(body, Optional.ofNullable(body.get("owner")).filter(JsonNode::isTextual).map(JsonNode::asText));
        Node node = NodeDocument.fromCreate(body, clock.instant(), drivers::resolveInterfaces);
        if (!call.atLeast(1, 11)) {
            // Before 1.11 there was no enroll state: a new node was ready at once, as Ironic still makes it.
            node = node.toBuilder().provisionState(ProvisionState.AVAILABLE).build();
        }
        Node stored = store.nodes().create(node);
        inChassis.ifPresent(c -> chassis.assign(stored.uuid(), inChassis));
        call.created(call.baseUrl() + "/v1/nodes/" + stored.uuid(), view.full(call, stored));
    }

    private void show(ApiCall call) {
        QueryParameters.FIELDS_ONLY.check(call);
        Node node = store.nodes().getByIdent(call.pathParam("ident"));
        Optional<Set<String>> fields = call.query("fields").map(f -> view.checkFields(call, f));
        call.json(200, NodeRedaction.apply(call.caller(), node,
                fields.map(f -> view.selected(call, node, f)).orElseGet(() -> view.full(call, node))));
    }

    private void patch(ApiCall call) {
        JsonPatch whole = JsonPatch.parse(call.body());
        NodeFieldGates.checkPatch(call, whole);
        whole.operations().stream().filter(op -> op.path().size() == 1 && op.value() != null)
                .forEach(op -> rejectNewer(call, op.path().get(0), op.value(), true));
        JsonPatch patch = NodeChassis.withoutChassis(whole);
        patch.operations().forEach(NodeDocument::checkPatchPath);
        Node node = store.nodes().getByIdent(call.pathParam("ident"));
        NodeUpdateGuards.checkState(call, node, whole.operations());
        Optional<Optional<UUID>> newChassis = chassis.patched(call, whole, node.uuid());
        ObjectNode document = NodeDocument.patchable(node);
        patch.applyTo(document);
        if (whole.operations().stream().anyMatch(op -> op.path().get(0).equals("parent_node"))) {
            parents.resolve(document, node.attributes().owner());
        }
        // Built before locking, so a bad value is refused without touching the node.
        Set<String> touched = new HashSet<>();
        patch.operations().forEach(op -> touched.add(op.path().get(0)));
        Node patched = NodeDocument.fromPatched(node, document, touched, drivers::resolveInterfaces);
        NodeUpdateGuards.checkChanges(node, touched, patched);
        Node stored = store.locks().withLock(node.uuid(), config.conductorName(),
                lock -> store.nodes().update(lock, node.version(), builder -> builder
                        .name(patched.name()).driver(patched.driver()).interfaces(patched.interfaces())
                        .driverInfo(patched.driverInfo()).properties(patched.properties())
                        .instanceInfo(patched.instanceInfo()).extra(patched.extra())
                        .resourceClass(patched.resourceClass()).instanceUuid(patched.instanceUuid())
                        .conductorGroup(patched.conductorGroup()).automatedClean(patched.automatedClean())
                        .attributes(patched.attributes())));
        newChassis.ifPresent(c -> chassis.assign(node.uuid(), c));
        Node shown = stored.toBuilder().reservation(Optional.empty()).build();
        call.json(200, NodeRedaction.apply(call.caller(), shown, view.full(call, shown)));
    }

    /**
     * 406 for a field set below the version that introduced it, as Ironic refuses them: on create any value but
     * null (and an empty conductor group), in a patch any value Python holds true (so "", [], {} and false pass).
     */
    private void rejectNewer(ApiCall call, String field, JsonNode value, boolean patch) {
        Optional<Microversion> since = view.since(field);
        if (since.isEmpty() || call.version().isAtLeast(since.get())) {
            return;
        }
        boolean unset = patch ? !truthy(value) : value.isNull() || (field.equals("conductor_group")
                && value.isTextual() && value.asText().isEmpty());
        if (!unset) {
            throw new ApiException(406, "The field \"" + field + "\" needs API version " + since.get() + " or later"
                    + "; send X-OpenStack-Ironic-API-Version " + since.get() + " or newer.");
        }
    }

    private static boolean truthy(JsonNode value) {
        return switch (value.getNodeType()) {
            case NULL, MISSING -> false;
            case BOOLEAN -> value.asBoolean();
            case NUMBER -> value.asDouble() != 0;
            case STRING -> !value.asText().isEmpty();
            case ARRAY, OBJECT, POJO -> !value.isEmpty();
            default -> true;
        };
    }

    private void delete(ApiCall call) {
        Node node = store.nodes().getByIdent(call.pathParam("ident"));
        // Ironic refuses an associated node (409) before a protected one (403).
        if (node.maintenance() || node.instanceUuid().isEmpty()) {
            NodeProtection.refuseIfProtected(node);
        }
        if (!node.provisionState().allowsDelete(config.allowDeletingAvailable()) && !node.maintenance()) {
            throw new ConflictException("Node " + node.displayName() + " can not be deleted in provision state \""
                    + node.provisionState() + "\"; move it to manageable or enroll first, or set maintenance.");
        }
        if (node.instanceUuid().isPresent()) {
            throw new ConflictException("Node " + node.displayName() + " is associated with instance "
                    + node.instanceUuid().get() + "; undeploy it or remove instance_uuid first.");
        }
        // The lock lives in the node's row, so a successful delete releases it; only a failure must.
        NodeLock lock = store.locks().acquire(node.uuid(), config.conductorName());
        try {
            store.nodes().delete(lock);
        } catch (RuntimeException failure) {
            try {
                store.locks().release(lock);
            } catch (RuntimeException releaseFailed) {
                failure.addSuppressed(releaseFailed);
            }
            throw failure;
        }
        call.noContent();
    }

    private void list(ApiCall call, boolean detailPath, Optional<String> chassisFromPath) {
        (detailPath ? DETAIL : LIST).check(call);
        boolean detail = detailPath || DetailQuery.requested(call);
        Optional<Set<String>> fields = call.query("fields").map(f -> view.checkFields(call, f));
        if (detail && fields.isPresent()) {
            throw new InvalidInputException("Can not specify ?detail=True and fields in the same request.");
        }
        // Sorting by a field newer than the request is refused as asking for it is (Ironic checks both alike).
        call.query("sort_key").ifPresent(key -> rejectNewer(call, key, JsonNodeFactory.instance.textNode(key), true));
        int limit = Paging.limit(call);
        Predicate<UUID> inChassis = chassis.filter(call, chassisFromPath);
        NodeQuery query = query(call).withLimit(limit).withAttributes(NodeListFilters.from(call));
        Optional<String> conductor = NodeListFilters.conductor(call);
        Predicate<Node> associated = call.queryBoolean("associated")
                .<Predicate<Node>>map(a -> n -> n.instanceUuid().isPresent() == a).orElse(n -> true)
                .and(n -> inChassis.test(n.uuid()));
        if (conductor.isPresent()) {
            associated = associated.and(n -> view.conductorOf(n).equals(conductor));
        }
        List<Node> nodes = new ArrayList<>();
        Optional<UUID> next = Optional.empty();
        Optional<UUID> marker = Paging.marker(call);
        // "associated" and "conductor" are not store filters; pages are read until enough nodes pass them.
        while (nodes.size() < limit) {
            NodeQuery pageQuery = marker.map(query::after).orElse(query);
            Page<Node> page = store.nodes().list(pageQuery);
            for (Node node : page.items()) {
                if (associated.test(node) && nodes.size() < limit) {
                    nodes.add(node);
                }
            }
            if (page.nextMarker().isEmpty()) {
                next = Optional.empty();
                break;
            }
            marker = page.nextMarker();
            next = nodes.size() == limit ? Optional.of(nodes.get(limit - 1).uuid()) : Optional.empty();
        }
        // The plain listing's fields are all in the node row; detail and fields= may need the page's relations.
        NodeView page = detail || fields.isPresent() ? view.forPage(nodes.stream().map(Node::uuid).toList()) : view;
        Predicate<String> shown = detail ? name -> true
                : fields.<Predicate<String>>map(f -> f::contains).orElseGet(NodeView::summaryFields);
        Optional<String> nextLink = Paging.next(call, chassisFromPath.map(c -> "chassis/" + c + "/").orElse("")
                + (detailPath ? "nodes/detail" : "nodes"), PASSED_ON, limit, next);
        // Streamed node by node (no document tree for the page or its nodes): the same bytes as the tree gave.
        ByteArrayOutputStream body = new ByteArrayOutputStream(nodes.size() * 512 + 64);
        try (JsonGenerator out = call.mapper().createGenerator(body)) {
            out.writeStartObject();
            out.writeArrayFieldStart("nodes");
            for (Node node : nodes) {
                page.write(out, call, node, shown);
            }
            out.writeEndArray();
            if (nextLink.isPresent()) {
                out.writeStringField("next", nextLink.get());
            }
            out.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("a node listing could not be written to memory", e);
        }
        call.json(200, body.toByteArray());
    }

    private static NodeQuery query(ApiCall call) {
        NodeQuery query = NodeQuery.all();
        Optional<String> state = call.query("provision_state");
        if (state.isPresent()) {
            query = query.withProvisionState(ProvisionState.fromWire(state.get()));
        }
        Optional<Boolean> maintenance = call.queryBoolean("maintenance");
        if (maintenance.isPresent()) {
            query = query.withMaintenance(maintenance.get());
        }
        Optional<String> driver = call.query("driver");
        if (driver.isPresent()) {
            query = query.withDriver(driver.get());
        }
        Optional<String> resourceClass = call.query("resource_class");
        if (resourceClass.isPresent()) {
            query = query.withResourceClass(resourceClass.get());
        }
        Optional<String> instance = call.query("instance_uuid");
        if (instance.isPresent()) {
            try {
                query = query.withInstanceUuid(UUID.fromString(instance.get()));
            } catch (IllegalArgumentException e) {
                throw new InvalidInputException("Expected a UUID for instance_uuid but received " + instance.get() + ".");
            }
        }
        // Ironic lists in the order nodes were enrolled (its row id) unless told otherwise.
        NodeSortKey key = call.query("sort_key").map(NodeSortKey::fromField).orElse(NodeSortKey.CREATED_AT);
        SortDirection direction = call.query("sort_dir").map(d -> switch (d.toLowerCase(Locale.ROOT)) {
            case "asc" -> SortDirection.ASC;
            case "desc" -> SortDirection.DESC;
            default -> throw new InvalidInputException("Invalid sort direction \"" + d + "\": use asc or desc.");
        }).orElse(SortDirection.ASC);
        return query.sortedBy(key, direction);
    }
}
