package dev.ferrum.conductor.api.bios;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.Links;
import dev.ferrum.conductor.api.nodes.ApiTimes;
import dev.ferrum.conductor.bios.BiosSetting;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code /v1/nodes/<id>/bios} and {@code .../bios/<name>} (API 1.40): the BIOS settings the node's bios
 * interface cached. Each shows name and value (with created_at, updated_at and links); from 1.74 the
 * registry fields too, with {@code detail} and {@code fields} on the listing.
 */
public final class BiosResource implements HttpService {
    private static final List<String> BASIC = List.of("name", "value");
    private static final List<String> DETAIL = List.of("name", "value", "attribute_type", "allowable_values",
            "lower_bound", "max_length", "min_length", "read_only", "reset_required", "unique", "upper_bound");

    private final Store store;
    private final Endpoints endpoints;

    public BiosResource(Store store, Endpoints endpoints) {
        this.store = store;
        this.endpoints = endpoints;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/v1/nodes/{ident}/bios", endpoints.operator(this::list))
                .any("/v1/nodes/{ident}/bios", endpoints.methodNotAllowed())
                .get("/v1/nodes/{ident}/bios/{name}", endpoints.operator(this::show))
                .any("/v1/nodes/{ident}/bios/{name}", endpoints.methodNotAllowed());
    }

    private Node node(ApiCall call) {
        if (!call.atLeast(1, 40)) {
            throw new NotFoundException("The resource could not be found.");
        }
        return store.nodes().getByIdent(call.pathParam("ident"));
    }

    private void list(ApiCall call) {
        Node node = node(call);
        boolean registry = call.atLeast(1, 74);
        Optional<String> detailParam = call.query("detail");
        Optional<String> fieldsParam = call.query("fields");
        if (detailParam.isPresent() && !registry) {
            throw new InvalidInputException("Invalid query parameter ?detail=" + detailParam.get() + " received.");
        }
        if (fieldsParam.isPresent() && !registry) {
            throw new InvalidInputException("Invalid query parameter ?fields=" + fieldsParam.get() + " received.");
        }
        boolean detail = call.queryBoolean("detail").orElse(false);
        if (fieldsParam.isPresent() && detail) {
            throw new InvalidInputException("Can not specify ?detail=True and fields in the same request.");
        }
        List<String> fields = fieldsParam.map(BiosResource::parseFields).orElse(detail ? DETAIL : BASIC);
        String ident = call.pathParam("ident");
        ObjectNode out = call.mapper().createObjectNode();
        var items = out.putArray("bios");
        store.bios().list(node.uuid()).forEach(s -> items.add(render(call, ident, s, fields)));
        call.json(200, out);
    }

    private static List<String> parseFields(String text) {
        List<String> fields = new ArrayList<>();
        for (String field : text.split(",")) {
            String name = field.strip();
            if (name.isEmpty()) {
                continue;
            }
            if (!DETAIL.contains(name)) {
                throw new InvalidInputException("Field(s) \"" + name + "\" are not valid");
            }
            fields.add(name);
        }
        return fields;
    }

    private void show(ApiCall call) {
        Node node = node(call);
        String name = call.pathParam("name");
        BiosSetting setting = store.bios().find(node.uuid(), name).orElseThrow(() -> new NotFoundException(
                "Node " + node.uuid() + " doesn't have a BIOS setting '" + name + "'"));
        ObjectNode out = call.mapper().createObjectNode();
        out.set(name, render(call, node.uuid().toString(), setting, call.atLeast(1, 74) ? DETAIL : BASIC));
        call.json(200, out);
    }

    private static ObjectNode render(ApiCall call, String nodeIdent, BiosSetting s, List<String> fields) {
        ObjectNode out = call.mapper().createObjectNode();
        out.put("created_at", ApiTimes.format(s.createdAt()));
        out.put("updated_at", s.updatedAt().map(ApiTimes::format).orElse(null));
        BiosSetting.Registry r = s.registry();
        for (String field : fields) {
            switch (field) {
                case "name" -> out.put(field, s.name());
                case "value" -> out.put(field, s.value().orElse(null));
                case "attribute_type" -> out.put(field, r.attributeType().orElse(null));
                case "allowable_values" -> {
                    var values = out.putArray(field);
                    r.allowableValues().orElse(List.of()).forEach(values::add);
                }
                case "lower_bound" -> out.put(field, r.lowerBound().orElse(null));
                case "max_length" -> out.put(field, r.maxLength().orElse(null));
                case "min_length" -> out.put(field, r.minLength().orElse(null));
                case "read_only" -> out.put(field, r.readOnly().orElse(null));
                case "reset_required" -> out.put(field, r.resetRequired().orElse(null));
                case "unique" -> out.put(field, r.unique().orElse(null));
                default -> out.put(field, r.upperBound().orElse(null));
            }
        }
        out.set("links", Links.pair(call, "nodes/" + nodeIdent + "/bios/" + s.name()));
        return out;
    }
}
