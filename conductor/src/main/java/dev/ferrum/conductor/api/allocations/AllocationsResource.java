package dev.ferrum.conductor.api.allocations;

import dev.ferrum.conductor.api.BodyFields;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.Paging;
import dev.ferrum.conductor.api.QueryParameters;
import dev.ferrum.conductor.api.Links;
import dev.ferrum.conductor.api.nodes.ApiTimes;
import dev.ferrum.conductor.allocation.Allocation;
import dev.ferrum.conductor.allocation.AllocationRequirements;
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
 * {@code /v1/allocations} (API 1.52): create (granted at once or failed with a reason), list with
 * {@code state}/{@code resource_class}/{@code node} filters, show, delete. Beyond Ironic's fields a
 * request may carry {@code properties} ({@code cpus}, {@code memory_mb}, {@code local_gb}) to match
 * exactly, and {@code allow_larger} to accept bigger nodes.
 */
public final class AllocationsResource implements HttpService {
    private static final Set<String> ACCEPTED = Set.of("uuid", "name", "resource_class", "traits", "candidate_nodes",
            "extra", "owner", "properties", "allow_larger");
    /** Every parameter of Ironic's allocation list; the ones not served yet are taken and ignored. */
    private static final QueryParameters LIST = QueryParameters.PAGING.and("node", "resource_class", "state",
            "fields").since(60, "owner");
    private static final List<String> PASSED_ON = List.of("fields", "node", "resource_class", "state", "owner");

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
                .any("/v1/allocations/{ident}", endpoints.methodNotAllowed());
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
        String resourceClass = BodyFields.text(body, "resource_class").orElseThrow(() -> new InvalidInputException(
                "Mandatory field missing: \"resource_class\"."));
        JsonNode sizes = body.path("properties");
        if (!sizes.isMissingNode() && !sizes.isNull() && !sizes.isObject()) {
            throw new InvalidInputException("\"properties\" must be an object with cpus, memory_mb and/or local_gb.");
        }
        JsonNode larger = body.path("allow_larger");
        if (!larger.isMissingNode() && !larger.isBoolean()) {
            throw new InvalidInputException("\"allow_larger\" must be true or false.");
        }
        var requirements = new AllocationRequirements(resourceClass, strings(body, "traits"),
                strings(body, "candidate_nodes"), size(sizes, "cpus"), size(sizes, "memory_mb"), size(sizes, "local_gb"),
                larger.asBoolean(false));
        UUID uuid = BodyFields.text(body, "uuid").map(u -> {
            try {
                return UUID.fromString(u);
            } catch (IllegalArgumentException e) {
                throw new InvalidInputException("Expected a UUID for uuid but received " + u + ".");
            }
        }).orElseGet(UUID::randomUUID);
        JsonNode extra = body.path("extra");
        if (!extra.isMissingNode() && !extra.isNull() && !extra.isObject()) {
            throw new InvalidInputException("\"extra\" must be a JSON object.");
        }
        if (body.has("owner") && !call.atLeast(1, 60)) {
            throw new InvalidInputException("Unknown attribute(s) for an allocation: owner (from API version 1.60).");
        }
        JsonNode owner = body.path("owner");
        if (!owner.isMissingNode() && !owner.isNull() && !owner.isTextual()) {
            throw new InvalidInputException("\"owner\" must be a string.");
        }
        Allocation allocation = allocations.create(uuid, BodyFields.text(body, "name"), requirements,
                extra.isObject() ? JsonDict.of(((ObjectNode) extra).deepCopy()) : JsonDict.empty(),
                BodyFields.text(body, "owner"));
        call.created(call.baseUrl() + "/v1/allocations/" + allocation.uuid(), render(call, allocation));
    }

    private void list(ApiCall call) {
        requireVersion(call);
        LIST.check(call);
        Optional<String> state = call.query("state");
        Optional<String> resourceClass = call.query("resource_class");
        Optional<String> node = call.query("node");
        int limit = Paging.limit(call);
        // The store lists by uuid; a page is what follows the marker, as in the store-paged lists.
        Optional<String> after = Paging.marker(call).map(UUID::toString);
        List<Allocation> page = allocations.list().stream()
                .filter(a -> after.isEmpty() || a.uuid().toString().compareTo(after.get()) > 0)
                .filter(a -> state.isEmpty() || a.state().wireName().equals(state.get()))
                .filter(a -> resourceClass.isEmpty() || a.requirements().resourceClass().equals(resourceClass.get()))
                .filter(a -> node.isEmpty() || a.nodeUuid().map(UUID::toString).equals(node))
                .limit(limit).toList();
        ObjectNode out = call.mapper().createObjectNode();
        var items = out.putArray("allocations");
        page.forEach(a -> items.add(render(call, a)));
        Paging.addNext(call, out, "allocations", PASSED_ON, limit,
                page.size() == limit ? Optional.of(page.get(limit - 1).uuid()) : Optional.empty());
        call.json(200, out);
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
