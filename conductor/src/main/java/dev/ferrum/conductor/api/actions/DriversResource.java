package dev.ferrum.conductor.api.actions;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.QueryParameters;
import dev.ferrum.conductor.api.Links;
import dev.ferrum.conductor.error.NotFoundException;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;

/**
 * {@code GET /v1/drivers} and {@code /v1/drivers/<name>}: the enabled hardware types with their
 * conductors, and from 1.30 each slot's default and enabled implementations.
 */
public final class DriversResource implements HttpService {
    /** Ironic's driver list takes these and nothing else. */
    private static final QueryParameters LIST = QueryParameters.NONE.since(30, "type", "detail").since(77, "fields");
    private static final QueryParameters SHOW = QueryParameters.NONE.since(77, "fields");
    private final DriverCatalog catalog;
    private final Endpoints endpoints;

    public DriversResource(DriverCatalog catalog, Endpoints endpoints) {
        this.catalog = catalog;
        this.endpoints = endpoints;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/v1/drivers", endpoints.operator(this::list))
                .any("/v1/drivers", endpoints.methodNotAllowed())
                .get("/v1/drivers/{name}", endpoints.operator(this::show))
                .any("/v1/drivers/{name}", endpoints.methodNotAllowed());
    }

    private void list(ApiCall call) {
        LIST.check(call);
        boolean detail = call.queryBoolean("detail").orElse(false);
        ObjectNode out = call.mapper().createObjectNode();
        var drivers = out.putArray("drivers");
        catalog.drivers().forEach(d -> drivers.add(render(call, d, detail)));
        call.json(200, out);
    }

    private void show(ApiCall call) {
        SHOW.check(call);
        String name = call.pathParam("name");
        DriverSummary driver = catalog.driver(name).orElseThrow(() -> new NotFoundException(
                "Could not find the following driver(s) or hardware type(s): " + name + "."));
        call.json(200, render(call, driver, true));
    }

    private static ObjectNode render(ApiCall call, DriverSummary driver, boolean detail) {
        ObjectNode out = call.mapper().createObjectNode();
        out.put("name", driver.name());
        var hosts = out.putArray("hosts");
        driver.hosts().forEach(hosts::add);
        if (call.atLeast(1, 30)) {
            out.put("type", "dynamic");
            if (detail) {
                for (DriverSummary.InterfaceChoice slot : driver.interfaces()) {
                    if (slot.kind().equals("firmware") && !call.atLeast(1, 86)) {
                        // The firmware interface appeared in API 1.86.
                        continue;
                    }
                    out.put("default_" + slot.kind() + "_interface", slot.defaultImplementation());
                    var enabled = out.putArray("enabled_" + slot.kind() + "_interface");
                    slot.enabled().forEach(enabled::add);
                }
            }
        }
        out.set("links", Links.pair(call, "drivers/" + driver.name()));
        out.set("properties", Links.pair(call, "drivers/" + driver.name() + "/properties"));
        return out;
    }
}
