package dev.ferrum.conductor.api.conductors;

import dev.ferrum.conductor.api.QueryParameters;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.ApiException;
import dev.ferrum.conductor.api.DetailQuery;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.Links;
import dev.ferrum.conductor.api.Paging;
import dev.ferrum.conductor.api.nodes.ApiTimes;
import dev.ferrum.conductor.cluster.ConductorRecord;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.store.ConductorRegistry;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code /v1/conductors} (API 1.49): the registered conductors as Ironic lists them, by host name, with
 * {@code alive} meaning online and heartbeated within the timeout. Plain listings show host name, group and
 * {@code alive}; {@code ?detail=true} and a single conductor show everything. Below 1.49 the resource does
 * not exist (404).
 */
public final class ConductorsResource implements HttpService {
    /** The query parameters of Ironic's list here; anything else is 400 "Unexpected arguments". */
    private static final QueryParameters LIST = QueryParameters.PAGING.and("fields", "detail");
    private static final int MINOR = 49;
    private static final List<String> ALL_FIELDS = List.of("created_at", "updated_at", "hostname", "conductor_group",
            "drivers", "links", "alive");
    private static final Set<String> SUMMARY = Set.of("hostname", "conductor_group", "alive", "links");
    private static final Map<String, Comparator<ConductorRecord>> SORT_KEYS = Map.of(
            "hostname", Comparator.comparing(ConductorRecord::hostname),
            "id", Comparator.comparing(ConductorRecord::createdAt).thenComparing(ConductorRecord::hostname),
            "conductor_group", Comparator.comparing(ConductorRecord::conductorGroup),
            "created_at", Comparator.comparing(ConductorRecord::createdAt),
            "updated_at", Comparator.comparing(ConductorRecord::updatedAt));

    private final ConductorRegistry registry;
    private final NodeConductors liveness;
    private final Endpoints endpoints;

    public ConductorsResource(ConductorRegistry registry, NodeConductors liveness, Endpoints endpoints) {
        this.registry = registry;
        this.liveness = liveness;
        this.endpoints = endpoints;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/v1/conductors", endpoints.operator(this::list))
                .any("/v1/conductors", endpoints.methodNotAllowed())
                .get("/v1/conductors/{hostname}", endpoints.operator(this::show))
                .any("/v1/conductors/{hostname}", endpoints.methodNotAllowed());
    }

    private static void requireVersion(ApiCall call) {
        if (!call.atLeast(1, MINOR)) {
            throw new ApiException(404, "The API is not supported for this version");
        }
    }

    private void show(ApiCall call) {
        requireVersion(call);
        QueryParameters.FIELDS_ONLY.check(call);
        String hostname = call.pathParam("hostname");
        ConductorRecord conductor = registry.find(hostname)
                .orElseThrow(() -> NotFoundException.of("Conductor", hostname));
        Optional<Set<String>> fields = call.query("fields").map(ConductorsResource::fields);
        call.json(200, render(call, conductor, fields.orElse(Set.copyOf(ALL_FIELDS))));
    }

    private void list(ApiCall call) {
        requireVersion(call);
        LIST.check(call);
        Optional<Set<String>> fields = call.query("fields").map(ConductorsResource::fields);
        boolean detail = DetailQuery.requested(call);
        if (detail && fields.isPresent()) {
            throw new InvalidInputException("Can not specify ?detail=True and fields in the same request.");
        }
        Set<String> shown = fields.orElse(detail ? Set.copyOf(ALL_FIELDS) : SUMMARY);
        String sortKey = call.query("sort_key").orElse("id");
        Comparator<ConductorRecord> order = Optional.ofNullable(SORT_KEYS.get(sortKey)).orElseThrow(() ->
                new InvalidInputException("The sort_key value " + sortKey + " is an invalid field for sorting"));
        String sortDir = call.query("sort_dir").orElse("asc");
        if (!sortDir.equals("asc") && !sortDir.equals("desc")) {
            throw new InvalidInputException("Invalid sort direction: " + sortDir + ". Acceptable values are 'asc'"
                    + " or 'desc'");
        }
        order = order.thenComparing(ConductorRecord::hostname);
        if (sortDir.equals("desc")) {
            order = order.reversed();
        }
        int limit = Paging.limit(call);
        List<ConductorRecord> all = registry.list().stream().sorted(order).toList();
        int start = 0;
        Optional<String> marker = call.query("marker");
        if (marker.isPresent()) {
            int at = indexOf(all, marker.get());
            if (at < 0) {
                throw NotFoundException.of("Conductor", marker.get());
            }
            start = at + 1;
        }
        List<ConductorRecord> page = all.subList(Math.min(start, all.size()), Math.min(start + limit, all.size()));
        ObjectNode out = call.mapper().createObjectNode();
        ArrayNode items = out.putArray("conductors");
        page.forEach(c -> items.add(render(call, c, shown)));
        // As Ironic's collections: a full page carries a next link, whether or not more remain.
        if (!page.isEmpty() && page.size() == limit) {
            out.put("next", next(call, page.get(page.size() - 1).hostname(), limit));
        }
        call.json(200, out);
    }

    private static int indexOf(List<ConductorRecord> all, String hostname) {
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).hostname().equals(hostname)) {
                return i;
            }
        }
        return -1;
    }

    private static String next(ApiCall call, String marker, int limit) {
        StringBuilder uri = new StringBuilder(call.baseUrl()).append("/v1/conductors?");
        for (String name : List.of("fields", "detail", "sort_key", "sort_dir")) {
            call.query(name).ifPresent(v -> uri.append(name).append('=')
                    .append(URLEncoder.encode(v, StandardCharsets.UTF_8)).append('&'));
        }
        return uri.append("limit=").append(limit).append("&marker=")
                .append(URLEncoder.encode(marker, StandardCharsets.UTF_8)).toString();
    }

    /** A {@code fields=} value; a name a conductor does not have is a 400, as Ironic's check says it. */
    private static Set<String> fields(String parameter) {
        Set<String> wanted = new LinkedHashSet<>();
        List<String> invalid = new ArrayList<>();
        for (String raw : parameter.split(",")) {
            String name = raw.strip();
            if (!name.isEmpty()) {
                (ALL_FIELDS.contains(name) ? wanted : invalid).add(name);
            }
        }
        if (!invalid.isEmpty()) {
            throw new InvalidInputException("Field(s) \"" + String.join(", ", invalid) + "\" are not valid");
        }
        return wanted;
    }

    private ObjectNode render(ApiCall call, ConductorRecord conductor, Set<String> shown) {
        Map<String, Function<ConductorRecord, Object>> values = Map.of(
                "created_at", c -> ApiTimes.format(c.createdAt()),
                "updated_at", c -> ApiTimes.format(c.updatedAt()),
                "hostname", ConductorRecord::hostname,
                "conductor_group", ConductorRecord::conductorGroup,
                "drivers", ConductorRecord::drivers,
                "links", c -> Links.pair(call, "conductors/" + c.hostname()),
                "alive", liveness::isAlive);
        ObjectNode out = call.mapper().createObjectNode();
        for (String field : ALL_FIELDS) {
            if (shown.contains(field) || field.equals("links")) {
                out.set(field, call.mapper().valueToTree(values.get(field).apply(conductor)));
            }
        }
        return out;
    }
}
