package dev.ferrum.conductor.api.vendor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.Endpoints;
import dev.ferrum.conductor.api.actions.DriverCatalog;
import dev.ferrum.conductor.api.actions.DriverSummary;
import dev.ferrum.conductor.api.management.OwnerCalls;
import dev.ferrum.conductor.cluster.OwnerAction;
import dev.ferrum.conductor.driver.hardware.HardwareTypes;
import dev.ferrum.conductor.driver.vendor.VendorCall;
import dev.ferrum.conductor.driver.vendor.VendorInterface;
import dev.ferrum.conductor.driver.vendor.VendorInterfaces;
import dev.ferrum.conductor.driver.vendor.VendorMethod;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.Store;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * Vendor passthru as Ironic routes it: {@code /v1/nodes/<id>/vendor_passthru?method=<name>} (or
 * {@code .../vendor_passthru/<name>}) with any HTTP method and an optional JSON body of arguments, and
 * {@code .../vendor_passthru/methods} listing the methods; the same under {@code /v1/drivers/<name>} for the
 * hardware type's default vendor interface. A node's method runs on the node's ring owner ({@link OwnerCalls}), as
 * Ironic's API calls the node's conductor; a driver's runs here, on a conductor that has the driver (the catalog is
 * this conductor's), as Ironic's API picks one of those.
 */
public final class VendorPassthruResource implements HttpService {
    private static final String NODE = "/v1/nodes/{ident}/vendor_passthru";
    private static final String DRIVER = "/v1/drivers/{name}/vendor_passthru";
    private static final List<String> VERBS = List.of("GET", "POST", "PUT", "PATCH", "DELETE");

    private final Store store;
    private final DriverCatalog drivers;
    private final VendorInterfaces vendors;
    private final VendorPassthru passthru;
    private final OwnerCalls owner;
    private final Endpoints endpoints;

    /** @param passthru runs driver methods here; node methods go to the node's owner through {@code owner} */
    public VendorPassthruResource(Store store, DriverCatalog drivers, VendorInterfaces vendors, VendorPassthru passthru,
                                  OwnerCalls owner, Endpoints endpoints) {
        this.store = store;
        this.drivers = drivers;
        this.vendors = vendors;
        this.passthru = passthru;
        this.owner = owner;
        this.endpoints = endpoints;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get(NODE + "/methods", endpoints.operator(this::nodeMethods))
                .any(NODE + "/methods", endpoints.methodNotAllowed())
                .get(DRIVER + "/methods", endpoints.operator(this::driverMethods))
                .any(DRIVER + "/methods", endpoints.methodNotAllowed());
        for (String verb : VERBS) {
            route(rules, verb, NODE, false, (call, method) -> callNode(call, verb, method));
            route(rules, verb, NODE + "/{method}", true, (call, method) -> callNode(call, verb, method));
            route(rules, verb, DRIVER, false, (call, method) -> callDriver(call, verb, method));
            route(rules, verb, DRIVER + "/{method}", true, (call, method) -> callDriver(call, verb, method));
        }
    }

    private void route(HttpRules rules, String verb, String path, boolean methodInPath,
                       BiConsumer<ApiCall, String> action) {
        Handler handler = endpoints.operator(call -> action.accept(call, methodInPath ? call.pathParam("method")
                : call.query("method").orElseThrow(() -> new InvalidInputException("Method not specified"))));
        switch (verb) {
            case "GET" -> rules.get(path, handler);
            case "POST" -> rules.post(path, handler);
            case "PUT" -> rules.put(path, handler);
            case "PATCH" -> rules.patch(path, handler);
            default -> rules.delete(path, handler);
        }
    }

    private Node node(ApiCall call) {
        return store.nodes().getByIdent(call.pathParam("ident"));
    }

    private VendorInterface vendorOfDriver(String name) {
        DriverSummary driver = drivers.driver(name).orElseThrow(() -> new NotFoundException(
                "Could not find the following driver(s) or hardware type(s): " + name + "."));
        return vendors.named(driver.interfaces().stream().filter(c -> c.kind().equals("vendor")).findFirst()
                .map(DriverSummary.InterfaceChoice::defaultImplementation)
                .orElse(HardwareTypes.emptyName(InterfaceKind.VENDOR)));
    }

    private void nodeMethods(ApiCall call) {
        call.json(200, describe(call, NodeVendorCalls.vendorOf(vendors, node(call)).nodeMethods(), true));
    }

    private void driverMethods(ApiCall call) {
        call.json(200, describe(call, vendorOfDriver(call.pathParam("name")).driverMethods(), false));
    }

    private void callNode(ApiCall call, String verb, String method) {
        Node node = node(call);
        answer(call, NodeVendorCalls.outcome(owner.call(node, OwnerAction.VENDOR_PASSTHRU,
                NodeVendorCalls.request(new VendorCall(method, verb, arguments(call))))));
    }

    private void callDriver(ApiCall call, String verb, String method) {
        VendorInterface vendor = vendorOfDriver(call.pathParam("name"));
        answer(call, passthru.callDriver(vendor, new VendorCall(method, verb, arguments(call))));
    }

    private static JsonDict arguments(ApiCall call) {
        return call.contentLength() == 0 ? JsonDict.empty() : JsonDict.of(call.bodyObject());
    }

    private static void answer(ApiCall call, VendorPassthru.Outcome outcome) {
        if (outcome.async()) {
            call.accepted(Optional.empty());
        } else {
            call.json(200, outcome.value());
        }
    }

    private static ObjectNode describe(ApiCall call, List<VendorMethod> methods, boolean nodeLevel) {
        ObjectNode out = call.mapper().createObjectNode();
        for (VendorMethod method : methods) {
            ObjectNode entry = out.putObject(method.name());
            var verbs = entry.putArray("http_methods");
            method.httpMethods().forEach(verbs::add);
            entry.put("async", method.async());
            entry.put("description", method.description());
            entry.put("attach", method.attach());
            if (nodeLevel) {
                entry.put("require_exclusive_lock", method.requireExclusiveLock());
            }
        }
        return out;
    }
}
