package dev.ferrum.conductor.api.vendor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.management.BmcActions;
import dev.ferrum.conductor.driver.hardware.HardwareTypes;
import dev.ferrum.conductor.driver.vendor.VendorCall;
import dev.ferrum.conductor.driver.vendor.VendorInterface;
import dev.ferrum.conductor.driver.vendor.VendorInterfaces;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.Store;

/**
 * A node's vendor passthru call as the API hands it to the node's ring owner (the owner call's arguments) and the
 * owner's outcome as it comes back, keyed as Ironic's conductor answers its API's RPC call ({@code return},
 * {@code async}, {@code attach}): the owner runs the node's vendor interface, since only it may reach the BMC.
 */
public final class NodeVendorCalls {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private NodeVendorCalls() {
    }

    /** The node's vendor interface, or the hardware type's empty one when the node names none. */
    static VendorInterface vendorOf(VendorInterfaces vendors, Node node) {
        return vendors.named(node.interfaces().get(InterfaceKind.VENDOR)
                .orElse(HardwareTypes.emptyName(InterfaceKind.VENDOR)));
    }

    /** {@code call} as the owner call's arguments. */
    public static ObjectNode request(VendorCall call) {
        ObjectNode out = JSON.objectNode();
        out.put("method", call.method());
        out.put("http_method", call.httpMethod());
        out.set("args", call.arguments().toObjectNode());
        return out;
    }

    /**
     * What runs, on the node's owner, the calls {@link #request} packed: this conductor's passthru machinery on
     * the node's vendor interface, the outcome packed for the way back.
     */
    public static BmcActions.VendorRunner runner(Store store, String conductor) {
        VendorPassthru passthru = new VendorPassthru(store, conductor,
                task -> Thread.ofVirtual().name("vendor-passthru").start(task));
        VendorInterfaces vendors = new VendorInterfaces();
        return (node, request) -> run(passthru, vendors, node, request);
    }

    private static JsonNode run(VendorPassthru passthru, VendorInterfaces vendors, Node node, ObjectNode request) {
        JsonNode args = request.path("args");
        VendorCall call = new VendorCall(request.path("method").asText(), request.path("http_method").asText(),
                args.isObject() ? JsonDict.of((ObjectNode) args) : JsonDict.empty());
        VendorPassthru.Outcome outcome = passthru.callNode(vendorOf(vendors, node), node, call);
        ObjectNode out = JSON.objectNode();
        out.set("return", outcome.value());
        out.put("async", outcome.async());
        out.put("attach", outcome.attach());
        return out;
    }

    /** The owner's packed outcome, as the API answers it. */
    static VendorPassthru.Outcome outcome(JsonNode packed) {
        JsonNode value = packed.path("return");
        return new VendorPassthru.Outcome(packed.path("async").asBoolean(),
                value.isMissingNode() ? NullNode.getInstance() : value, packed.path("attach").asBoolean());
    }
}
