package dev.ferrum.conductor.driver.vendor;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.node.Node;
import java.util.List;

/**
 * A driver's vendor slot: extra operations reached through {@code vendor_passthru}, per node or per
 * hardware type. The passthru machinery ({@link VendorPassthru}) finds the method, checks its HTTP method,
 * asks {@link #validate} and then calls {@link #invoke}; an interface only says what it offers and does it.
 */
public interface VendorInterface {

    /** The node-level methods, in a stable order. */
    List<VendorMethod> nodeMethods();

    /** The hardware-type-level methods, in a stable order. */
    List<VendorMethod> driverMethods();

    /** Checks the call's arguments before anything runs; throws {@code InvalidInputException} when wrong. */
    void validate(VendorCall call);

    /**
     * Runs a node method (with {@code node} locked when the method asks for it) and returns its value, a JSON
     * null for none. Async methods run after the API answered; their value is dropped.
     */
    JsonNode invokeOnNode(Node node, VendorCall call);

    /** Runs a hardware-type method; as {@link #invokeOnNode} without a node. */
    JsonNode invokeOnDriver(VendorCall call);
}
