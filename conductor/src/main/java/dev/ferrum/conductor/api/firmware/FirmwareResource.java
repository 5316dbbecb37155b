package dev.ferrum.conductor.api.firmware;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.nodes.ApiTimes;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.firmware.FirmwareComponent;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code GET /v1/nodes/<node>/firmware} (API 1.86): the firmware components the node's firmware steps recorded,
 * each with the version first seen, the current one and the one last flashed, as Ironic lists them (with
 * {@code fields} to choose among those four; created_at and updated_at always). 404 below 1.86.
 */
public final class FirmwareResource implements HttpService {
    private static final String PATH = "/v1/nodes/{ident}/firmware";
    private static final List<String> FIELDS = List.of("component", "initial_version", "current_version",
            "last_version_flashed");

    private final Store store;
    private final Endpoints endpoints;

    public FirmwareResource(Store store, Endpoints endpoints) {
        this.store = store;
        this.endpoints = endpoints;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get(PATH, endpoints.operator(this::list)).any(PATH, endpoints.methodNotAllowed());
    }

    private void list(ApiCall call) {
        if (!call.atLeast(1, 86)) {
            throw new NotFoundException("The API version does not allow node firmware");
        }
        List<String> fields = call.query("fields").map(FirmwareResource::fields).orElse(FIELDS);
        Node node = store.nodes().getByIdent(call.pathParam("ident"));
        ObjectNode out = call.mapper().createObjectNode();
        var items = out.putArray("firmware");
        for (FirmwareComponent c : store.firmware().list(node.uuid())) {
            ObjectNode item = items.addObject();
            item.put("created_at", ApiTimes.format(c.createdAt()));
            item.put("updated_at", c.updatedAt().map(ApiTimes::format).orElse(null));
            for (String field : fields) {
                switch (field) {
                    case "component" -> item.put(field, c.component());
                    case "initial_version" -> item.put(field, c.initialVersion());
                    case "current_version" -> item.put(field, c.currentVersion());
                    default -> item.put(field, c.lastVersionFlashed().orElse(null));
                }
            }
        }
        call.json(200, out);
    }

    private static List<String> fields(String text) {
        List<String> chosen = new ArrayList<>();
        for (String field : text.split(",")) {
            String name = field.strip();
            if (name.isEmpty()) {
                continue;
            }
            if (!FIELDS.contains(name)) {
                throw new InvalidInputException("Field(s) \"" + name + "\" are not valid");
            }
            chosen.add(name);
        }
        return chosen;
    }
}
