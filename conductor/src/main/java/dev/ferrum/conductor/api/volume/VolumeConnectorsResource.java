package dev.ferrum.conductor.api.volume;

import dev.ferrum.conductor.api.QueryParameters;
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
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.Listing;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.volume.ConnectorType;
import dev.ferrum.conductor.volume.VolumeConnector;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * {@code /v1/volume/connectors} and {@code /v1/nodes/<ident>/volume/connectors} (1.32): create, list
 * (fields, {@code ?detail}, {@code node} filter, paging, sort), show, JSON-patch and delete. Changes need
 * the node powered off and take its lock, as Ironic's conductor does.
 */
public final class VolumeConnectorsResource implements HttpService {
    /** The query parameters of Ironic's list here; anything else is 400 "Unexpected arguments". */
    private static final QueryParameters LIST = QueryParameters.PAGING.and("node", "fields", "detail");
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final List<String> PASSED_ON = List.of("fields", "detail", "node", "sort_key", "sort_dir");
    private static final Set<String> WRITABLE = Set.of("uuid", "node_uuid", "type", "connector_id", "extra");
    private static final Set<String> PATCHABLE = Set.of("node_uuid", "type", "connector_id", "extra");
    static final FieldTable<VolumeConnector> FIELDS = new FieldTable<>(List.of(
            FieldTable.field("uuid", 1, (c, v) -> F.textNode(v.uuid().toString())),
            FieldTable.field("created_at", 1, (c, v) -> FieldTable.time(Optional.of(v.createdAt()))),
            FieldTable.field("updated_at", 1, (c, v) -> FieldTable.time(v.updatedAt())),
            FieldTable.field("connector_id", 1, (c, v) -> F.textNode(v.connectorId())),
            FieldTable.field("extra", 1, (c, v) -> v.extra().toObjectNode()),
            FieldTable.field("type", 1, (c, v) -> F.textNode(v.type().wireName())),
            FieldTable.field("links", 1, (c, v) -> Links.pair(c, "volume/connectors/" + v.uuid())),
            FieldTable.field("node_uuid", 1, (c, v) -> F.textNode(v.nodeUuid().toString()))),
            List.of("uuid", "node_uuid", "type", "connector_id", "links"));

    private final Store store;
    private final ApiConfig config;
    private final Endpoints endpoints;
    private final Clock clock;

    public VolumeConnectorsResource(Store store, ApiConfig config, Endpoints endpoints, Clock clock) {
        this.store = store;
        this.config = config;
        this.endpoints = endpoints;
        this.clock = clock;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/v1/volume/connectors", versioned(call -> list(call, Optional.empty())))
                .post("/v1/volume/connectors", versioned(this::create))
                .any("/v1/volume/connectors", endpoints.methodNotAllowed())
                .get("/v1/volume/connectors/{uuid}", versioned(this::show))
                .patch("/v1/volume/connectors/{uuid}", versioned(this::patch))
                .delete("/v1/volume/connectors/{uuid}", versioned(this::delete))
                .any("/v1/volume/connectors/{uuid}", endpoints.methodNotAllowed())
                .get("/v1/nodes/{ident}/volume/connectors", versioned(call -> list(call,
                        Optional.of(store.nodes().getByIdent(call.pathParam("ident")).uuid()))))
                .post("/v1/nodes/{ident}/volume/connectors", versioned(call -> {
                    throw VolumeRules.malformed();
                }))
                .any("/v1/nodes/{ident}/volume/connectors", endpoints.methodNotAllowed())
                .any("/v1/nodes/{ident}/volume/connectors/{uuid}", versioned(call -> {
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
        Values.checkAttributes(call, body, WRITABLE, Map.of(), "volume connector");
        UUID uuid = Values.uuid(body, "uuid").orElseGet(UUID::randomUUID);
        UUID node = Values.uuid(body, "node_uuid").orElseThrow(() -> missing("node_uuid"));
        ConnectorType type = ConnectorType.fromWire(Values.required(body, "type"));
        String connectorId = Values.required(body, "connector_id");
        VolumeRules.bodyNode(store, node);
        VolumeConnector created = store.volumeConnectors().create(VolumeConnector.create(uuid, node, type,
                connectorId, Values.dict(body, "extra"), clock.instant()));
        call.created(call.baseUrl() + "/v1/volume/connectors/" + created.uuid(), FIELDS.full(call, created));
    }

    private void show(ApiCall call) {
        QueryParameters.FIELDS_ONLY.check(call);
        VolumeConnector connector = store.volumeConnectors().get(Values.pathUuid(call, "uuid"));
        Optional<Set<String>> fields = FIELDS.requested(call);
        call.json(200, fields.map(f -> FIELDS.selected(call, connector, f))
                .orElseGet(() -> FIELDS.full(call, connector)));
    }

    private void patch(ApiCall call) {
        JsonPatch patch = JsonPatch.parse(call.body());
        Values.checkPatch(call, patch, PATCHABLE, Set.of("node_uuid", "type", "connector_id"), Map.of());
        VolumeConnector connector = store.volumeConnectors().get(Values.pathUuid(call, "uuid"));
        ObjectNode document = F.objectNode();
        document.put("node_uuid", connector.nodeUuid().toString());
        document.put("type", connector.type().wireName());
        document.put("connector_id", connector.connectorId());
        document.set("extra", connector.extra().toObjectNode());
        patch.applyTo(document);
        UUID node = Values.uuid(document, "node_uuid").orElseThrow(() -> missing("node_uuid"));
        if (!node.equals(connector.nodeUuid())) {
            VolumeRules.bodyNode(store, node);
        }
        VolumeConnector patched = connector.with(node, ConnectorType.fromWire(Values.required(document, "type")),
                Values.required(document, "connector_id"), Values.dict(document, "extra"));
        VolumeConnector stored = store.locks().withLock(connector.nodeUuid(), config.conductorName(), lock -> {
            Node current = store.nodes().get(connector.nodeUuid());
            VolumeRules.checkUpdatable(current, "volume connector update");
            return store.volumeConnectors().update(patched, connector.version());
        });
        call.json(200, FIELDS.full(call, stored));
    }

    private void delete(ApiCall call) {
        VolumeConnector connector = store.volumeConnectors().get(Values.pathUuid(call, "uuid"));
        store.locks().withLock(connector.nodeUuid(), config.conductorName(), lock -> {
            VolumeRules.checkDeletable(store.nodes().get(connector.nodeUuid()), "volume connector deletion");
            store.volumeConnectors().delete(connector.uuid());
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
        String path = pathNode.map(n -> "nodes/" + call.pathParam("ident") + "/volume/connectors")
                .orElse("volume/connectors");
        // A project-scoped caller lists only what belongs to nodes its project owns or leases.
        ListParams.answer(call, "connectors", store.volumeConnectors().list(node, call.visibleProject(), listing),
                FIELDS, detail, fields, path, PASSED_ON, listing.limit());
    }

    private static InvalidInputException missing(String field) {
        return new InvalidInputException("Mandatory field missing: \"" + field + "\".");
    }
}
