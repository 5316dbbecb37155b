package dev.ferrum.conductor.api.chassis;

import dev.ferrum.conductor.api.QueryParameters;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.DetailQuery;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.Links;
import dev.ferrum.conductor.api.nodes.JsonPatch;
import dev.ferrum.conductor.api.resources.FieldTable;
import dev.ferrum.conductor.api.resources.ListParams;
import dev.ferrum.conductor.api.resources.Values;
import dev.ferrum.conductor.chassis.Chassis;
import dev.ferrum.conductor.store.Listing;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * {@code /v1/chassis}: create, list (plain, detail, fields, paging, sort), show, JSON-patch and delete,
 * in Ironic's shapes. A chassis' nodes are listed by the node API at {@code /v1/chassis/<uuid>/nodes}.
 */
public final class ChassisResource implements HttpService {
    /** The query parameters of Ironic's list here; anything else is 400 "Unexpected arguments". */
    private static final QueryParameters LIST = QueryParameters.PAGING.and("fields", "detail");
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final List<String> PASSED_ON = List.of("fields", "detail", "sort_key", "sort_dir");
    private static final Set<String> WRITABLE = Set.of("uuid", "description", "extra");
    private static final Set<String> PATCHABLE = Set.of("description", "extra");
    private static final int DESCRIPTION_MAX = 255;
    static final FieldTable<Chassis> FIELDS = new FieldTable<>(List.of(
            FieldTable.field("uuid", 1, (c, ch) -> F.textNode(ch.uuid().toString())),
            FieldTable.field("created_at", 1, (c, ch) -> FieldTable.time(Optional.of(ch.createdAt()))),
            FieldTable.field("updated_at", 1, (c, ch) -> FieldTable.time(ch.updatedAt())),
            FieldTable.field("description", 1, (c, ch) -> FieldTable.text(ch.description())),
            FieldTable.field("extra", 1, (c, ch) -> ch.extra().toObjectNode()),
            FieldTable.field("links", 1, (c, ch) -> Links.pair(c, "chassis/" + ch.uuid())),
            FieldTable.field("nodes", 1, (c, ch) -> Links.pair(c, "chassis/" + ch.uuid() + "/nodes"))),
            List.of("uuid", "description", "links"));

    private final Store store;
    private final Endpoints endpoints;
    private final Clock clock;

    public ChassisResource(Store store, Endpoints endpoints, Clock clock) {
        this.store = store;
        this.endpoints = endpoints;
        this.clock = clock;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/v1/chassis", endpoints.operator(call -> list(call, false)))
                .post("/v1/chassis", endpoints.operator(this::create))
                .any("/v1/chassis", endpoints.methodNotAllowed())
                .get("/v1/chassis/detail", endpoints.operator(call -> list(call, true)))
                .any("/v1/chassis/detail", endpoints.methodNotAllowed())
                .get("/v1/chassis/{uuid}", endpoints.operator(this::show))
                .patch("/v1/chassis/{uuid}", endpoints.operator(this::patch))
                .delete("/v1/chassis/{uuid}", endpoints.operator(this::delete))
                .any("/v1/chassis/{uuid}", endpoints.methodNotAllowed());
    }

    private void create(ApiCall call) {
        ObjectNode body = call.bodyObject();
        Values.checkAttributes(call, body, WRITABLE, Map.of(), "chassis");
        UUID uuid = Values.uuid(body, "uuid").orElseGet(UUID::randomUUID);
        Chassis chassis = store.chassis().create(Chassis.create(uuid, Values.text(body, "description",
                DESCRIPTION_MAX), Values.dict(body, "extra"), clock.instant()));
        call.created(call.baseUrl() + "/v1/chassis/" + chassis.uuid(), FIELDS.full(call, chassis));
    }

    private void show(ApiCall call) {
        QueryParameters.FIELDS_ONLY.check(call);
        Chassis chassis = store.chassis().get(Values.pathUuid(call, "uuid"));
        Optional<Set<String>> fields = FIELDS.requested(call);
        call.json(200, fields.map(f -> FIELDS.selected(call, chassis, f)).orElseGet(() -> FIELDS.full(call, chassis)));
    }

    private void patch(ApiCall call) {
        JsonPatch patch = JsonPatch.parse(call.body());
        Values.checkPatch(call, patch, PATCHABLE, Set.of(), Map.of());
        Chassis chassis = store.chassis().get(Values.pathUuid(call, "uuid"));
        ObjectNode document = F.objectNode();
        document.put("description", chassis.description().orElse(null));
        document.set("extra", chassis.extra().toObjectNode());
        patch.applyTo(document);
        Chassis patched = chassis.withDescription(Values.text(document, "description", DESCRIPTION_MAX))
                .withExtra(Values.dict(document, "extra"));
        call.json(200, FIELDS.full(call, store.chassis().update(patched, chassis.version())));
    }

    private void delete(ApiCall call) {
        store.chassis().delete(Values.pathUuid(call, "uuid"));
        call.noContent();
    }

    private void list(ApiCall call, boolean detailPath) {
        (detailPath ? LIST.without("fields", "detail") : LIST).check(call);
        boolean detail = detailPath || DetailQuery.requested(call);
        Optional<Set<String>> fields = FIELDS.requested(call);
        ListParams.checkNotBoth(detail, fields);
        Listing listing = ListParams.listing(call);
        ListParams.answer(call, "chassis", store.chassis().list(listing), FIELDS, detail, fields,
                detailPath ? "chassis/detail" : "chassis", PASSED_ON, listing.limit());
    }
}
