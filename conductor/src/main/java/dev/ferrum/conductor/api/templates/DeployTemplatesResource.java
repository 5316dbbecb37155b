package dev.ferrum.conductor.api.templates;

import dev.ferrum.conductor.api.QueryParameters;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.ApiException;
import dev.ferrum.conductor.api.DetailQuery;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.Links;
import dev.ferrum.conductor.api.nodes.JsonPatch;
import dev.ferrum.conductor.api.resources.FieldTable;
import dev.ferrum.conductor.api.resources.ListParams;
import dev.ferrum.conductor.api.resources.Values;
import dev.ferrum.conductor.template.DeployTemplate;
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
 * {@code /v1/deploy_templates} (API 1.55): create, list (plain, {@code ?detail}, fields, paging, sort),
 * show by uuid or name, JSON-patch (name, steps, extra) and delete. Below 1.55 the resource does not
 * exist: reads are 404 and writes 405, as in Ironic.
 */
public final class DeployTemplatesResource implements HttpService {
    /** The query parameters of Ironic's list here; anything else is 400 "Unexpected arguments". */
    private static final QueryParameters LIST = QueryParameters.PAGING.and("fields", "detail");
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final int SINCE = 55;
    private static final List<String> PASSED_ON = List.of("fields", "detail", "sort_key", "sort_dir");
    static final FieldTable<DeployTemplate> FIELDS = new FieldTable<>(List.of(
            FieldTable.field("uuid", 1, (c, t) -> F.textNode(t.uuid().toString())),
            FieldTable.field("created_at", 1, (c, t) -> FieldTable.time(Optional.of(t.createdAt()))),
            FieldTable.field("updated_at", 1, (c, t) -> FieldTable.time(t.updatedAt())),
            FieldTable.field("name", 1, (c, t) -> F.textNode(t.name())),
            FieldTable.field("extra", 1, (c, t) -> t.extra().toObjectNode()),
            FieldTable.field("links", 1, (c, t) -> Links.pair(c, "deploy_templates/" + t.uuid())),
            FieldTable.field("steps", 1, (c, t) -> DeployTemplateDocument.steps(t.steps(), true))),
            List.of("uuid", "name", "links"));

    private final Store store;
    private final Endpoints endpoints;
    private final Clock clock;

    public DeployTemplatesResource(Store store, Endpoints endpoints, Clock clock) {
        this.store = store;
        this.endpoints = endpoints;
        this.clock = clock;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/v1/deploy_templates", gated(true, this::list))
                .post("/v1/deploy_templates", gated(false, this::create))
                .any("/v1/deploy_templates", endpoints.methodNotAllowed())
                .get("/v1/deploy_templates/{ident}", gated(true, this::show))
                .patch("/v1/deploy_templates/{ident}", gated(false, this::patch))
                .delete("/v1/deploy_templates/{ident}", gated(false, this::delete))
                .any("/v1/deploy_templates/{ident}", endpoints.methodNotAllowed());
    }

    private io.helidon.webserver.http.Handler gated(boolean read, Endpoints.CallHandler handler) {
        return endpoints.operator(call -> {
            if (!call.atLeast(1, SINCE)) {
                throw new ApiException(read ? 404 : 405, "The API version does not allow deploy templates; they"
                        + " need X-OpenStack-Ironic-API-Version 1." + SINCE + " or later.");
            }
            handler.handle(call);
        });
    }

    private void create(ApiCall call) {
        ObjectNode body = call.bodyObject();
        Values.checkAttributes(call, body, DeployTemplateDocument.WRITABLE, Map.of(), "deploy template");
        UUID uuid = Values.uuid(body, "uuid").orElseGet(UUID::randomUUID);
        DeployTemplate template = store.deployTemplates().create(DeployTemplate.create(uuid,
                DeployTemplateDocument.name(body), DeployTemplateDocument.steps(body),
                DeployTemplateDocument.extra(body), clock.instant()));
        call.created(call.baseUrl() + "/v1/deploy_templates/" + template.uuid(), FIELDS.full(call, template));
    }

    private void show(ApiCall call) {
        QueryParameters.FIELDS_ONLY.check(call);
        DeployTemplate template = store.deployTemplates().get(call.pathParam("ident"));
        Optional<Set<String>> fields = FIELDS.requested(call);
        call.json(200, fields.map(f -> FIELDS.selected(call, template, f))
                .orElseGet(() -> FIELDS.full(call, template)));
    }

    private void patch(ApiCall call) {
        JsonPatch patch = JsonPatch.parse(call.body());
        Values.checkPatch(call, patch, DeployTemplateDocument.PATCHABLE, Set.of("name", "steps"), Map.of());
        DeployTemplate template = store.deployTemplates().get(call.pathParam("ident"));
        ObjectNode document = DeployTemplateDocument.patchable(template);
        patch.applyTo(document);
        DeployTemplate patched = template.with(DeployTemplateDocument.name(document),
                DeployTemplateDocument.steps(document), DeployTemplateDocument.extra(document));
        call.json(200, FIELDS.full(call, store.deployTemplates().update(patched, template.version())));
    }

    private void delete(ApiCall call) {
        store.deployTemplates().delete(store.deployTemplates().get(call.pathParam("ident")).uuid());
        call.noContent();
    }

    private void list(ApiCall call) {
        LIST.check(call);
        boolean detail = DetailQuery.requested(call);
        Optional<Set<String>> fields = FIELDS.requested(call);
        ListParams.checkNotBoth(detail, fields);
        Listing listing = ListParams.listing(call);
        ListParams.answer(call, "deploy_templates", store.deployTemplates().list(listing), FIELDS, detail, fields,
                "deploy_templates", PASSED_ON, listing.limit());
    }
}
