package dev.ferrum.conductor.api.nodes;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.ApiConfig;
import dev.ferrum.conductor.api.DetailQuery;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.Paging;
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
import dev.ferrum.conductor.error.InvalidInputException;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * {@code /v1/nodes}: create, list (plain, detail, fields, filters, paging), show, JSON-patch and
 * delete. Changes take the node's lock under this conductor's name; refusals change nothing.
 */
public final class NodesResource implements HttpService {
    private static final List<String> PASSED_ON = List.of("fields", "detail", "provision_state", "maintenance", "driver",
            "resource_class", "associated", "instance_uuid", "sort_key", "sort_dir", "chassis_uuid");

    private final Store store;
    private final DriverCatalog drivers;
    private final NodeView view;
    private final ApiConfig config;
    private final Endpoints endpoints;
    private final Clock clock;
    private final NodeChassis chassis;

    public NodesResource(Store store, DriverCatalog drivers, NodeView view, ApiConfig config, Endpoints endpoints,
                         Clock clock) {
        this.store = store;
        this.drivers = drivers;
        this.view = view;
        this.config = config;
        this.endpoints = endpoints;
        this.clock = clock;
        this.chassis = new NodeChassis(store);
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
    }

    private void create(ApiCall call) {
        ObjectNode body = call.bodyObject();
        Optional<UUID> inChassis = chassis.takeFromCreate(body);
        Node node = NodeDocument.fromCreate(body, clock.instant(), drivers::resolveInterfaces);
        Node stored = store.nodes().create(node);
        inChassis.ifPresent(c -> chassis.assign(stored.uuid(), inChassis));
        call.created(call.baseUrl() + "/v1/nodes/" + stored.uuid(), view.full(call, stored));
    }

    private void show(ApiCall call) {
        Node node = store.nodes().getByIdent(call.pathParam("ident"));
        Optional<Set<String>> fields = call.query("fields").map(f -> view.checkFields(call, f));
        call.json(200, fields.map(f -> view.selected(call, node, f)).orElseGet(() -> view.full(call, node)));
    }

    private void patch(ApiCall call) {
        JsonPatch whole = JsonPatch.parse(call.body());
        JsonPatch patch = NodeChassis.withoutChassis(whole);
        patch.operations().forEach(NodeDocument::checkPatchPath);
        Node node = store.nodes().getByIdent(call.pathParam("ident"));
        Optional<Optional<UUID>> newChassis = chassis.patched(call, whole, node.uuid());
        if (!node.provisionState().allowsUpdate()) {
            throw new ConflictException("Node " + node.displayName() + " can not be updated while a state transition"
                    + " is in progress (provision state \"" + node.provisionState() + "\"); wait until it settles.");
        }
        ObjectNode document = NodeDocument.patchable(node);
        patch.applyTo(document);
        // Built before locking, so a bad value is refused without touching the node.
        Set<String> touched = new java.util.HashSet<>();
        patch.operations().forEach(op -> touched.add(op.path().get(0)));
        Node patched = NodeDocument.fromPatched(node, document, touched, drivers::resolveInterfaces);
        Node stored = store.locks().withLock(node.uuid(), config.conductorName(),
                lock -> store.nodes().update(lock, node.version(), builder -> builder
                        .name(patched.name()).driver(patched.driver()).interfaces(patched.interfaces())
                        .driverInfo(patched.driverInfo()).properties(patched.properties())
                        .instanceInfo(patched.instanceInfo()).extra(patched.extra())
                        .resourceClass(patched.resourceClass()).instanceUuid(patched.instanceUuid())
                        .conductorGroup(patched.conductorGroup()).automatedClean(patched.automatedClean())));
        newChassis.ifPresent(c -> chassis.assign(node.uuid(), c));
        call.json(200, view.full(call, stored.toBuilder().reservation(Optional.empty()).build()));
    }

    private void delete(ApiCall call) {
        Node node = store.nodes().getByIdent(call.pathParam("ident"));
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
        boolean detail = detailPath || DetailQuery.requested(call);
        Optional<Set<String>> fields = call.query("fields").map(f -> view.checkFields(call, f));
        if (detail && fields.isPresent()) {
            throw new InvalidInputException("Can not specify ?detail=True and fields in the same request.");
        }
        int limit = Paging.limit(call);
        Predicate<UUID> inChassis = chassis.filter(call, chassisFromPath);
        NodeQuery query = query(call).withLimit(limit);
        Predicate<Node> associated = call.queryBoolean("associated")
                .<Predicate<Node>>map(a -> n -> n.instanceUuid().isPresent() == a).orElse(n -> true)
                .and(n -> inChassis.test(n.uuid()));
        List<Node> nodes = new ArrayList<>();
        Optional<UUID> next = Optional.empty();
        Optional<UUID> marker = Paging.marker(call);
        // "associated" is not a store filter; pages are read until enough nodes pass it.
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
        ObjectNode out = call.mapper().createObjectNode();
        ArrayNode items = out.putArray("nodes");
        for (Node node : nodes) {
            items.add(detail ? view.full(call, node)
                    : fields.map(f -> view.selected(call, node, f)).orElseGet(() -> view.summary(call, node)));
        }
        Paging.addNext(call, out, chassisFromPath.map(c -> "chassis/" + c + "/").orElse("")
                + (detailPath ? "nodes/detail" : "nodes"), PASSED_ON, limit, next);
        call.json(200, out);
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
        NodeSortKey key = call.query("sort_key").map(NodeSortKey::fromField).orElse(NodeSortKey.UUID);
        SortDirection direction = call.query("sort_dir").map(d -> switch (d.toLowerCase(Locale.ROOT)) {
            case "asc" -> SortDirection.ASC;
            case "desc" -> SortDirection.DESC;
            default -> throw new InvalidInputException("Invalid sort direction \"" + d + "\": use asc or desc.");
        }).orElse(SortDirection.ASC);
        return query.sortedBy(key, direction);
    }
}
