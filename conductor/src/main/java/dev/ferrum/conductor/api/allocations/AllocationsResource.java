package dev.ferrum.conductor.api.allocations;

import dev.ferrum.conductor.api.BodyFields;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.ApiException;
import dev.ferrum.conductor.api.nodes.JsonPatch;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.Paging;
import dev.ferrum.conductor.api.QueryParameters;
import dev.ferrum.conductor.api.Links;
import dev.ferrum.conductor.api.nodes.ApiTimes;
import dev.ferrum.conductor.allocation.Allocation;
import dev.ferrum.conductor.allocation.AllocationRequirements;
import dev.ferrum.conductor.error.ForbiddenException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.json.JsonDict;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * {@code /v1/allocations} (API 1.52): create (answered in {@code allocating}, then granted or failed by a
 * worker; with {@code node} from 1.58, a backfill for a deployed node), list with
 * {@code state}/{@code resource_class}/{@code node}/{@code owner} filters, show, PATCH of name and extra (1.57),
 * delete; and a node's own {@code /v1/nodes/<id>/allocation} (GET, DELETE). Beyond Ironic's fields a
 * request may carry {@code properties} ({@code cpus}, {@code memory_mb}, {@code local_gb}) to match
 * exactly, and {@code allow_larger} to accept bigger nodes.
 */
public final class AllocationsResource implements HttpService {
    private static final Set<String> ACCEPTED = Set.of("uuid", "name", "resource_class", "traits", "candidate_nodes",
            "extra", "owner", "properties", "allow_larger", "node");
    /** Every parameter of Ironic's allocation list; the ones not served yet are taken and ignored. */
    private static final QueryParameters LIST = QueryParameters.PAGING.and("node", "resource_class", "state",
            "fields").since(60, "owner");
    private static final List<String> PASSED_ON = List.of("fields", "node", "resource_class", "state", "owner");
    /** What a PATCH may change, as Ironic's PATCH_ALLOWED_FIELDS. */
    private static final Set<String> PATCHABLE = Set.of("name", "extra");

    private final Allocations allocations;
    private final Endpoints endpoints;

    public AllocationsResource(Allocations allocations, Endpoints endpoints) {
        this.allocations = allocations;
        this.endpoints = endpoints;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.post("/v1/allocations", endpoints.operator(this::create))
                .get("/v1/allocations", endpoints.operator(this::list))
                .any("/v1/allocations", endpoints.methodNotAllowed())
                .get("/v1/allocations/{ident}", endpoints.operator(this::show))
                .delete("/v1/allocations/{ident}", endpoints.operator(this::delete))
                .patch("/v1/allocations/{ident}", endpoints.operator(this::patch))
                .any("/v1/allocations/{ident}", endpoints.methodNotAllowed())
                .get("/v1/nodes/{node}/allocation", endpoints.operator(this::showOfNode))
                .delete("/v1/nodes/{node}/allocation", endpoints.operator(this::deleteOfNode))
                .any("/v1/nodes/{node}/allocation", endpoints.methodNotAllowed());
    }

    private static void requireVersion(ApiCall call) {
        if (!call.atLeast(1, 52)) {
            throw new NotFoundException("Allocations are available from API version 1.52; send"
                    + " X-OpenStack-Ironic-API-Version: 1.52 or later.");
        }
    }

    private void create(ApiCall call) {
        requireVersion(call);
        ObjectNode body = call.bodyObject();
        List<String> unknown = new ArrayList<>();
        body.fieldNames().forEachRemaining(k -> {
            if (!ACCEPTED.contains(k)) {
                unknown.add(k);
            }
        });
        if (!unknown.isEmpty()) {
            throw new InvalidInputException("Unknown attribute(s) for an allocation: " + String.join(", ", unknown) + ".");
        }
        Optional<String> project = call.visibleProject();
        Optional<String> nodeIdent = BodyFields.text(body, "node");
        if (nodeIdent.isPresent() && !call.atLeast(1, 58)) {
            throw new InvalidInputException("Cannot set node when creating an allocation in this API version");
        }
        Optional<Node> backfilled = nodeIdent.map(ident -> visibleNode(ident, project));
        String resourceClass = BodyFields.text(body, "resource_class")
                .or(() -> backfilled.map(n -> n.resourceClass().orElse("")))
                .orElseThrow(() -> new InvalidInputException(
                        "The resource_class field is mandatory when not backfilling"));
        JsonNode sizes = body.path("properties");
        if (!sizes.isMissingNode() && !sizes.isNull() && !sizes.isObject()) {
            throw new InvalidInputException("\"properties\" must be an object with cpus, memory_mb and/or local_gb.");
        }
        JsonNode larger = body.path("allow_larger");
        if (!larger.isMissingNode() && !larger.isBoolean()) {
            throw new InvalidInputException("\"allow_larger\" must be true or false.");
        }
        var requirements = new AllocationRequirements(resourceClass, strings(body, "traits"),
                candidateUuids(strings(body, "candidate_nodes"), project), size(sizes, "cpus"), size(sizes, "memory_mb"), size(sizes, "local_gb"),
                larger.asBoolean(false));
        Optional<UUID> requestedUuid = BodyFields.text(body, "uuid").map(u -> {
            try {
                return UUID.fromString(u);
            } catch (IllegalArgumentException e) {
                throw new InvalidInputException("Expected a UUID for uuid but received " + u + ".");
            }
        });
        JsonNode extra = body.path("extra");
        if (!extra.isMissingNode() && !extra.isNull() && !extra.isObject()) {
            throw new InvalidInputException("\"extra\" must be a JSON object.");
        }
        if (body.has("owner") && !call.atLeast(1, 60)) {
            throw new InvalidInputException("Unknown attribute(s) for an allocation: owner (from API version 1.60).");
        }
        JsonNode ownerField = body.path("owner");
        if (!ownerField.isMissingNode() && !ownerField.isNull() && !ownerField.isTextual()) {
            throw new InvalidInputException("\"owner\" must be a string.");
        }
        Optional<String> owner = ownerFor(project, BodyFields.text(body, "owner"));
        Optional<String> name = BodyFields.text(body, "name");
        name.ifPresent(AllocationsResource::checkName);
        JsonDict extraDict = extra.isObject() ? JsonDict.of(((ObjectNode) extra).deepCopy()) : JsonDict.empty();
        Allocation allocation = backfilled.isPresent()
                ? allocations.backfill(requestedUuid, name, requirements, extraDict, owner, backfilled.get())
                : allocations.create(requestedUuid.orElseGet(UUID::randomUUID), name, requirements, extraDict, owner);
        call.created(call.baseUrl() + "/v1/allocations/" + allocation.uuid(), render(call, allocation));
    }

    private void list(ApiCall call) {
        requireVersion(call);
        LIST.check(call);
        Optional<String> state = call.query("state");
        Optional<String> resourceClass = call.query("resource_class");
        Optional<String> node = call.query("node");
        Optional<String> visible = call.visibleProject();
        if (visible.isPresent() && call.query("owner").filter(o -> !o.equals(visible.get())).isPresent()) {
            throw ForbiddenException.policy("baremetal:allocation:list_all");
        }
        // A project-scoped caller lists its project's allocations, as Ironic's check_list_policy narrows it.
        Optional<String> owner = visible.or(() -> call.query("owner"));
        int limit = Paging.limit(call);
        // The store lists by uuid; a page is what follows the marker, as in the store-paged lists.
        Optional<String> after = Paging.marker(call).map(UUID::toString);
        List<Allocation> page = allocations.list().stream()
                .filter(a -> after.isEmpty() || a.uuid().toString().compareTo(after.get()) > 0)
                .filter(a -> state.isEmpty() || a.state().wireName().equals(state.get()))
                .filter(a -> resourceClass.isEmpty() || a.requirements().resourceClass().equals(resourceClass.get()))
                .filter(a -> node.isEmpty() || a.nodeUuid().map(UUID::toString).equals(node)
                        || a.nodeUuid().equals(node.flatMap(this::nodeUuidOf)))
                .filter(a -> owner.isEmpty() || a.owner().equals(owner))
                .limit(limit).toList();
        ObjectNode out = call.mapper().createObjectNode();
        var items = out.putArray("allocations");
        page.forEach(a -> items.add(render(call, a)));
        Paging.addNext(call, out, "allocations", PASSED_ON, limit,
                page.size() == limit ? Optional.of(page.get(limit - 1).uuid()) : Optional.empty());
        call.json(200, out);
    }

    private void patch(ApiCall call) {
        if (!call.atLeast(1, 57)) {
            throw new ApiException(405, "The API version does not allow updating allocations");
        }
        Allocation allocation = allocations.get(call.pathParam("ident"));
        JsonPatch patch = JsonPatch.parse(call.body());
        for (JsonPatch.Operation operation : patch.operations()) {
            String field = operation.path().get(0);
            if (!PATCHABLE.contains(field)) {
                throw new InvalidInputException("Cannot update " + operation.rawPath() + " of an allocation; only"
                        + " /name and /extra can be changed.");
            }
        }
        ObjectNode doc = call.mapper().createObjectNode();
        doc.put("name", allocation.name().orElse(null));
        doc.set("extra", allocation.extra().toObjectNode());
        patch.applyTo(doc);
        JsonNode name = doc.path("name");
        if (!name.isMissingNode() && !name.isNull() && !name.isTextual()) {
            throw new InvalidInputException("\"name\" must be a string or null.");
        }
        Optional<String> newName = name.isTextual() ? Optional.of(name.asText()) : Optional.empty();
        newName.ifPresent(AllocationsResource::checkName);
        JsonNode extra = doc.path("extra");
        if (!extra.isMissingNode() && !extra.isNull() && !extra.isObject()) {
            throw new InvalidInputException("\"extra\" must be a JSON object.");
        }
        Allocation updated = allocations.update(allocation, newName,
                extra.isObject() ? JsonDict.of((ObjectNode) extra) : JsonDict.empty());
        call.json(200, render(call, updated));
    }

    private void showOfNode(ApiCall call) {
        requireNodeVersion(call);
        call.json(200, render(call, allocations.ofNode(call.pathParam("node"))));
    }

    private void deleteOfNode(ApiCall call) {
        requireNodeVersion(call);
        allocations.delete(allocations.ofNode(call.pathParam("node")).uuid().toString());
        call.noContent();
    }

    private static void requireNodeVersion(ApiCall call) {
        if (!call.atLeast(1, 52)) {
            throw new NotFoundException("The API version does not allow allocations");
        }
    }

    /** Ironic's logical-name rule: RFC 3986 unreserved characters only. */
    private static void checkName(String name) {
        if (name.isEmpty() || !name.matches("[A-Za-z0-9._~-]+")) {
            throw new InvalidInputException("Cannot create allocation with invalid name '" + name + "'");
        }
    }

    private void show(ApiCall call) {
        requireVersion(call);
        QueryParameters.FIELDS_ONLY.check(call);
        call.json(200, render(call, allocations.get(call.pathParam("ident"))));
    }

    private void delete(ApiCall call) {
        requireVersion(call);
        allocations.delete(call.pathParam("ident"));
        call.noContent();
    }

    /**
     * The allocation's owner. A project-scoped caller (Ironic's {@code baremetal:allocation:create} without
     * {@code create_restricted}) creates allocations for its own project only: the owner defaults to it, and
     * another project's is refused, so a project can never claim nodes on another's account.
     */
    private static Optional<String> ownerFor(Optional<String> project, Optional<String> requested) {
        if (project.isEmpty()) {
            return requested;
        }
        if (requested.isPresent() && !requested.get().equals(project.get())) {
            throw new ForbiddenException("An allocation for project " + requested.get() + " cannot be created by a"
                    + " user of project " + project.get() + ": that takes baremetal:allocation:create_restricted.");
        }
        return project;
    }

    /**
     * The node a body names, which a project-scoped caller must own or lease; any other is reported exactly as a
     * node that does not exist (400, as Ironic answers a named node it cannot find), so nothing leaks.
     */
    private Node visibleNode(String ident, Optional<String> project) {
        try {
            Node node = allocations.node(ident);
            if (project.isPresent() && !node.attributes().ownedOrLeasedBy(project.get())) {
                throw NotFoundException.of("Node", ident);
            }
            return node;
        } catch (NotFoundException e) {
            throw new InvalidInputException(e.getMessage());
        }
    }

    /** Names and uuids as the client gave them, as uuids in the same order; an unknown node is a 400, as in Ironic. */
    private List<String> candidateUuids(List<String> idents, Optional<String> project) {
        List<String> uuids = new ArrayList<>();
        for (String ident : idents) {
            uuids.add(visibleNode(ident, project).uuid().toString());
        }
        return uuids;
    }

    private Optional<UUID> nodeUuidOf(String ident) {
        try {
            return Optional.of(allocations.node(ident).uuid());
        } catch (NotFoundException e) {
            return Optional.empty();
        }
    }

    private static ObjectNode render(ApiCall call, Allocation allocation) {
        ObjectNode out = call.mapper().createObjectNode();
        out.put("uuid", allocation.uuid().toString());
        out.put("created_at", ApiTimes.format(allocation.createdAt()));
        out.put("updated_at", allocation.updatedAt().map(ApiTimes::format).orElse(null));
        out.put("name", allocation.name().orElse(null));
        out.put("node_uuid", allocation.nodeUuid().map(UUID::toString).orElse(null));
        out.put("state", allocation.state().wireName());
        out.put("last_error", allocation.lastError().orElse(null));
        out.put("resource_class", allocation.requirements().resourceClass());
        var candidates = out.putArray("candidate_nodes");
        allocation.candidateNodes().forEach(candidates::add);
        var traits = out.putArray("traits");
        allocation.requirements().traits().forEach(traits::add);
        out.set("extra", allocation.extra().toObjectNode());
        if (call.atLeast(1, 60)) {
            out.put("owner", allocation.owner().orElse(null));
        }
        out.set("links", Links.pair(call, "allocations/" + allocation.uuid()));
        return out;
    }

    private static List<String> strings(ObjectNode body, String key) {
        JsonNode value = body.get(key);
        if (value == null || value.isNull()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        if (value.isArray()) {
            value.forEach(v -> {
                if (!v.isTextual()) {
                    throw new InvalidInputException("\"" + key + "\" must be a list of strings.");
                }
                out.add(v.asText());
            });
            return out;
        }
        throw new InvalidInputException("\"" + key + "\" must be a list of strings.");
    }

    private static Optional<Long> size(JsonNode sizes, String key) {
        JsonNode value = sizes.path(key);
        if (value.isMissingNode() || value.isNull()) {
            return Optional.empty();
        }
        return Optional.of(AllocationRequirements.number(value).filter(n -> n >= 0).orElseThrow(() ->
                new InvalidInputException("properties." + key + " must be a non-negative integer, not " + value + ".")));
    }
}
