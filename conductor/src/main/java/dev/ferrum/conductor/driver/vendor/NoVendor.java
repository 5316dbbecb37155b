package dev.ferrum.conductor.driver.vendor;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.node.Node;
import java.util.List;

/** The empty vendor slot ({@code no-vendor}): no methods, so every call is refused as an unknown method. */
public final class NoVendor implements VendorInterface {
    @Override
    public List<VendorMethod> nodeMethods() {
        return List.of();
    }

    @Override
    public List<VendorMethod> driverMethods() {
        return List.of();
    }

    @Override
    public void validate(VendorCall call) {
    }

    @Override
    public JsonNode invokeOnNode(Node node, VendorCall call) {
        throw new IllegalStateException("no-vendor has no method " + call.method());
    }

    @Override
    public JsonNode invokeOnDriver(VendorCall call) {
        throw new IllegalStateException("no-vendor has no method " + call.method());
    }
}
