package dev.ferrum.conductor.driver.vendor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.node.Node;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * fake-hardware's vendor slot ({@code fake}), with the methods of Ironic's fake vendor interface: each takes
 * a {@code bar} argument and answers whether it is that method's word ({@code second_method}: kazoo,
 * {@code third_method_sync}: meow, the only synchronous one, {@code fourth_method_shared_lock}: woof, the
 * only one without the exclusive lock), and {@code log_passthrough} takes anything and returns nothing.
 */
public final class FakeVendor implements VendorInterface {
    private static final System.Logger LOG = System.getLogger(FakeVendor.class.getName());
    private static final List<String> POST = List.of("POST");
    private static final List<VendorMethod> NODE_METHODS = List.of(
            new VendorMethod("second_method", POST, true, "Test if the value of bar is kazoo", false, true),
            new VendorMethod("third_method_sync", POST, false, "Test if the value of bar is meow", false, true),
            new VendorMethod("fourth_method_shared_lock", POST, true, "Test if the value of bar is woof", false, false),
            new VendorMethod("log_passthrough", POST, true, "Test pass-through to wait.", false, true));
    private static final Map<String, String> WORDS = Map.of("second_method", "kazoo", "third_method_sync", "meow",
            "fourth_method_shared_lock", "woof");

    @Override
    public List<VendorMethod> nodeMethods() {
        return NODE_METHODS;
    }

    @Override
    public List<VendorMethod> driverMethods() {
        return List.of();
    }

    @Override
    public void validate(VendorCall call) {
        if (WORDS.containsKey(call.method()) && call.arguments().get("bar").filter(FakeVendor::truthy).isEmpty()) {
            throw new InvalidInputException("Parameter 'bar' not passed to method '" + call.method() + "'.");
        }
    }

    /** Python's truth, which Ironic's fake applies to {@code bar}. */
    private static boolean truthy(JsonNode value) {
        return !(value.isNull() || (value.isBoolean() && !value.asBoolean()) || (value.isTextual() && value.asText()
                .isEmpty()) || (value.isNumber() && value.asDouble() == 0) || (value.isContainerNode()
                && value.isEmpty()));
    }

    @Override
    public JsonNode invokeOnNode(Node node, VendorCall call) {
        String word = WORDS.get(call.method());
        if (word == null) {
            LOG.log(System.Logger.Level.DEBUG, "node=" + node.uuid() + " fake vendor " + call.method() + " called with "
                    + call.arguments());
            return NullNode.getInstance();
        }
        return BooleanNode.valueOf(call.arguments().string("bar").equals(Optional.of(word)));
    }

    @Override
    public JsonNode invokeOnDriver(VendorCall call) {
        throw new IllegalStateException("the fake vendor interface has no driver method " + call.method());
    }
}
