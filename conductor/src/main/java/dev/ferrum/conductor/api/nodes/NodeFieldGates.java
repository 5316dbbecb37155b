package dev.ferrum.conductor.api.nodes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.ApiException;
import java.util.Map;
import java.util.Optional;

/**
 * The microversion each node attribute field appeared in, and Ironic's refusals of a field set or
 * filtered on below it: 406 Not Acceptable. {@code parent_node} (1.83) and {@code disable_power_off}
 * (1.95) lie past the versions Ferrum serves, so they are refused at every version.
 */
final class NodeFieldGates {
    /** Field name to the minor version (of 1.x) that introduced it. */
    static final Map<String, Integer> SINCE = Map.ofEntries(
            Map.entry("fault", 42), Map.entry("conductor_group", 46), Map.entry("protected", 48),
            Map.entry("protected_reason", 48), Map.entry("conductor", 49), Map.entry("owner", 50),
            Map.entry("description", 51), Map.entry("retired", 61), Map.entry("retired_reason", 61),
            Map.entry("lessee", 65), Map.entry("network_data", 66), Map.entry("boot_mode", 75),
            Map.entry("secure_boot", 75), Map.entry("shard", 82), Map.entry("parent_node", 83),
            Map.entry("disable_power_off", 95));

    private NodeFieldGates() {
    }

    /** Whether {@code field} (one of {@link #SINCE}) exists at the call's version. */
    static boolean allowed(ApiCall call, String field) {
        return call.atLeast(1, SINCE.get(field));
    }

    /** A create body naming a field newer than the call with a non-empty value is a 406, as in Ironic. */
    static void checkCreate(ApiCall call, ObjectNode body) {
        for (Map.Entry<String, Integer> gate : SINCE.entrySet()) {
            JsonNode value = body.get(gate.getKey());
            if (value == null || value.isNull() || allowed(call, gate.getKey())) {
                continue;
            }
            // conductor_group's empty value is "", as Ironic special-cases it.
            if (gate.getKey().equals("conductor_group") && value.isTextual() && value.asText().isEmpty()) {
                continue;
            }
            throw notAcceptable();
        }
    }

    /**
     * A patch giving a field newer than the call a value is a 406. As Ironic, only a value that is
     * "set" counts (removing the field, or replacing it with false or "", passes).
     */
    static void checkPatch(ApiCall call, JsonPatch patch) {
        for (JsonPatch.Operation operation : patch.operations()) {
            String root = operation.path().get(0);
            if (!SINCE.containsKey(root) || allowed(call, root) || operation.path().size() != 1) {
                continue;
            }
            if (truthy(operation.value())) {
                throw notAcceptable();
            }
        }
    }

    /** A list filter below its version: 406 naming the version needed, as Ironic's filter checks do. */
    static Optional<String> filter(ApiCall call, String parameter, int minor) {
        Optional<String> value = call.query(parameter);
        if (value.isPresent() && !call.atLeast(1, minor)) {
            throw new ApiException(406, "Request not acceptable. The minimal required API version should be 1."
                    + minor);
        }
        return value;
    }

    static ApiException notAcceptable() {
        return new ApiException(406, "Request not acceptable.");
    }

    private static boolean truthy(JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return false;
        }
        if (value.isBoolean()) {
            return value.asBoolean();
        }
        if (value.isTextual()) {
            return !value.asText().isEmpty();
        }
        if (value.isContainerNode()) {
            return !value.isEmpty();
        }
        return !value.isNumber() || value.asDouble() != 0;
    }
}
