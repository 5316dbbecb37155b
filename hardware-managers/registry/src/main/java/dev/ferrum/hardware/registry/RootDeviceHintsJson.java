package dev.ferrum.hardware.registry;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.hardware.spi.RootDeviceHints;
import java.util.LinkedHashMap;

/** Reads the operator's {@code properties.root_device} from the node JSON into {@link RootDeviceHints}. */
public final class RootDeviceHintsJson {
    // Plain tree conversion only: no naming strategy or modules are involved.
    private static final ObjectMapper TREE = new ObjectMapper();
    private static final TypeReference<LinkedHashMap<String, Object>> DICT = new TypeReference<>() {
    };

    private RootDeviceHintsJson() {
    }

    /**
     * The hints in {@code hints}; {@code null} or a missing node means no hints.
     *
     * @throws IllegalArgumentException naming the offending hint and saying what is accepted
     */
    public static RootDeviceHints fromJson(JsonNode hints) {
        if (hints == null || hints.isNull() || hints.isMissingNode()) {
            return RootDeviceHints.NONE;
        }
        if (!hints.isObject()) {
            throw new IllegalArgumentException("root_device hints must be a JSON object, got " + hints.getNodeType());
        }
        return RootDeviceHints.parse(TREE.convertValue(hints, DICT));
    }
}
