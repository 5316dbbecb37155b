package dev.ferrum.conductor.api.volume;

import dev.ferrum.conductor.api.QueryParameters;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.ApiConfig;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.Links;
import dev.ferrum.conductor.api.nodes.JsonPatch;
import dev.ferrum.conductor.api.resources.FieldTable;
import dev.ferrum.conductor.api.resources.ListParams;
import dev.ferrum.conductor.api.resources.Values;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.store.Listing;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.volume.VolumeTarget;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * {@code /v1/volume/targets} and {@code /v1/nodes/<ident>/volume/targets} (1.32): create, list (fields,
 * {@code ?detail}, {@code node} filter, paging, sort), show, JSON-patch and delete. A boot index is unique
 * per node (409). Changes need the node powered off and take its lock, as Ironic's conductor does.
 */
public final class VolumeTargetsResource implements HttpService {
    /** The query parameters of Ironic's list here; anything else is 400 "Unexpected arguments". */
    private static final QueryParameters LIST = QueryParameters.PAGING.and("node", "fields", "detail");
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final List<String> PASSED_ON = List.of("fields", "detail", "node", "sort_key", "sort_dir");
    private static final Set<String> WRITABLE = Set.of("uuid", "node_uuid", "volume_type", "properties",
            "boot_index", "volume_id", "extra");
    private static final Set<String> PATCHABLE = Set.of("node_uuid", "volume_type", "properties", "boot_index",
            "volume_id", "extra");
    static final FieldTable<VolumeTarget> FIELDS = new FieldTable<>(List.of(
            FieldTable.field("uuid", 1, (c, v) -> F.textNode(v.uuid().toString())),
            FieldTable.field("created_at", 1, (c, v) -> FieldTable.time(Optional.of(v.createdAt()))),
            FieldTable.field("updated_at", 1, (c, v) -> FieldTable.time(v.updatedAt())),
            FieldTable.field("boot_index", 1, (c, v) -> F.numberNode(v.bootIndex())),
            FieldTable.field("extra", 1, (c, v) -> v.extra().toObjectNode()),
            FieldTable.field("properties", 1, (c, v) -> v.properties().toObjectNode()),
            FieldTable.field("volume_id", 1, (c, v) -> F.textNode(v.volumeId())),
            FieldTable.field("volume_type", 1, (c, v) -> F.textNode(v.volumeType())),
            FieldTable.field("links", 1, (c, v) -> Links.pair(c, "volume/targets/" + v.uuid())),
            FieldTable.field("node_uuid", 1, (c, v) -> F.textNode(v.nodeUuid().toString()))),
            List.of("uuid", "node_uuid", "volume_type", "boot_index", "volume_id", "links"));

    private final Store store;
    private final ApiConfig config;
    private final Endpoints endpoints;
    private final Clock clock;

    public VolumeTargetsResource(Store store, ApiConfig config, Endpoints endpoints, Clock clock) {
        this.store = store;
        this.config = config;
        this.endpoints = endpoints;
        this.clock = clock;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/v1/volume/targets", versioned(call -> list(call, Optional.empty())))
                .post("/v1/volume/targets", versioned(this::create))
                .any("/v1/volume/targets", endpoints.methodNotAllowed())
                .get("/v1/volume/targets/{uuid}", versioned(this::show))
                .patch("/v1/volume/targets/{uuid}", versioned(this::patch))
                .delete("/v1/volume/targets/{uuid}", versioned(this::delete))
                .any("/v1/volume/targets/{uuid}", endpoints.methodNotAllowed())
                .get("/v1/nodes/{ident}/volume/targets", versioned(call -> list(call,
                        Optional.of(store.nodes().getByIdent(call.pathParam("ident")).uuid()))))
                .post("/v1/nodes/{ident}/volume/targets", versioned(call -> {
                    throw VolumeRules.malformed();
                }))
                .any("/v1/nodes/{ident}/volume/targets", endpoints.methodNotAllowed())
                .any("/v1/nodes/{ident}/volume/targets/{uuid}", versioned(call -> {
                    throw VolumeRules.malformed();
                }));
    }

    private io.helidon.webserver.http.Handler versioned(Endpoints.CallHandler handler) {
        return endpoints.operator(call -> {
            VolumeRules.checkVersion(call);
            handler.handle(call);
        });
    }

    private void create(ApiCall call) {
        ObjectNode body = call.bodyObject();
        Values.checkAttributes(call, body, WRITABLE, Map.of(), "volume target");
        UUID uuid = Values.uuid(body, "uuid").orElseGet(UUID::randomUUID);
        UUID node = Values.uuid(body, "node_uuid").orElseThrow(() -> missing("node_uuid"));
        VolumeTarget target = VolumeTarget.create(uuid, node, Values.required(body, "volume_type"),
                Values.dict(body, "properties"), bootIndex(body), Values.required(body, "volume_id"),
                Values.dict(body, "extra"), clock.instant());
        VolumeRules.bodyNode(store, node);
        VolumeTarget created = store.volumeTargets().create(target);
        call.created(call.baseUrl() + "/v1/volume/targets/" + created.uuid(), FIELDS.full(call, created));
    }

    private void show(ApiCall call) {
        QueryParameters.FIELDS_ONLY.check(call);
        VolumeTarget target = store.volumeTargets().get(Values.pathUuid(call, "uuid"));
        Optional<Set<String>> fields = FIELDS.requested(call);
        call.json(200, fields.map(f -> FIELDS.selected(call, target, f)).orElseGet(() -> FIELDS.full(call, target)));
    }

    private void patch(ApiCall call) {
        JsonPatch patch = JsonPatch.parse(call.body());
        Values.checkPatch(call, patch, PATCHABLE, Set.of("node_uuid", "volume_type", "boot_index", "volume_id"),
                Map.of());
        VolumeTarget target = store.volumeTargets().get(Values.pathUuid(call, "uuid"));
        ObjectNode document = F.objectNode();
        document.put("node_uuid", target.nodeUuid().toString());
        document.put("volume_type", target.volumeType());
        document.set("properties", target.properties().toObjectNode());
        document.put("boot_index", target.bootIndex());
        document.put("volume_id", target.volumeId());
        document.set("extra", target.extra().toObjectNode());
        patch.applyTo(document);
        UUID node = Values.uuid(document, "node_uuid").orElseThrow(() -> missing("node_uuid"));
        if (!node.equals(target.nodeUuid())) {
            VolumeRules.bodyNode(store, node);
        }
        VolumeTarget patched = target.with(node, Values.required(document, "volume_type"),
                Values.dict(document, "properties"), bootIndex(document), Values.required(document, "volume_id"),
                Values.dict(document, "extra"));
        VolumeTarget stored = store.locks().withLock(target.nodeUuid(), config.conductorName(), lock -> {
            VolumeRules.checkUpdatable(store.nodes().get(target.nodeUuid()), "volume target update");
            return store.volumeTargets().update(patched, target.version());
        });
        call.json(200, FIELDS.full(call, stored));
    }

    private void delete(ApiCall call) {
        VolumeTarget target = store.volumeTargets().get(Values.pathUuid(call, "uuid"));
        store.locks().withLock(target.nodeUuid(), config.conductorName(), lock -> {
            VolumeRules.checkDeletable(store.nodes().get(target.nodeUuid()), "volume target deletion");
            store.volumeTargets().delete(target.uuid());
            return null;
        });
        call.noContent();
    }

    private void list(ApiCall call, Optional<UUID> pathNode) {
        LIST.check(call);
        boolean detail = call.queryBoolean("detail").orElse(false);
        Optional<Set<String>> fields = FIELDS.requested(call);
        if (detail && fields.isPresent()) {
            throw new InvalidInputException("Can't fetch a subset of fields with 'detail' set");
        }
        Optional<UUID> node = pathNode.or(() -> call.query("node").map(i -> store.nodes().getByIdent(i).uuid()));
        Listing listing = ListParams.listing(call);
        String path = pathNode.map(n -> "nodes/" + call.pathParam("ident") + "/volume/targets")
                .orElse("volume/targets");
        // A project-scoped caller lists only what belongs to nodes its project owns or leases.
        ListParams.answer(call, "targets", store.volumeTargets().list(node, call.visibleProject(), listing),
                FIELDS, detail, fields, path, PASSED_ON, listing.limit());
    }

    /** Ironic's schema takes an integer only. */
    private static int bootIndex(ObjectNode body) {
        JsonNode value = body.get("boot_index");
        if (value == null || value.isNull()) {
            throw missing("boot_index");
        }
        if (!value.isIntegralNumber() || !value.canConvertToInt()) {
            throw new InvalidInputException("\"boot_index\" must be an integer, not " + value + ".");
        }
        return value.asInt();
    }

    private static InvalidInputException missing(String field) {
        return new InvalidInputException("Mandatory field missing: \"" + field + "\".");
    }
}
