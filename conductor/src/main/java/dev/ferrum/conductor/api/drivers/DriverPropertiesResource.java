package dev.ferrum.conductor.api.drivers;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.actions.DriverCatalog;
import dev.ferrum.conductor.api.actions.DriverSummary;
import dev.ferrum.conductor.driver.DriverProperties;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.node.InterfaceKind;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.util.Locale;

/**
 * {@code GET /v1/drivers/<d>/properties}: the {@code driver_info} keys a node of that hardware type may need,
 * gathered from the type's default implementation of each slot, as Ironic does.
 */
public final class DriverPropertiesResource implements HttpService {
    private final DriverCatalog drivers;
    private final Endpoints endpoints;

    public DriverPropertiesResource(DriverCatalog drivers, Endpoints endpoints) {
        this.drivers = drivers;
        this.endpoints = endpoints;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/v1/drivers/{name}/properties", endpoints.operator(this::properties))
                .any("/v1/drivers/{name}/properties", endpoints.methodNotAllowed());
    }

    private void properties(ApiCall call) {
        String name = call.pathParam("name");
        DriverSummary driver = drivers.driver(name).orElseThrow(() -> new NotFoundException(
                "Could not find the following driver(s) or hardware type(s): " + name + "."));
        ObjectNode out = call.mapper().createObjectNode();
        for (DriverSummary.InterfaceChoice slot : driver.interfaces()) {
            InterfaceKind kind;
            try {
                kind = InterfaceKind.valueOf(slot.kind().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException unknownSlot) {
                continue;
            }
            DriverProperties.of(kind, slot.defaultImplementation()).forEach(out::put);
        }
        call.json(200, out);
    }
}
