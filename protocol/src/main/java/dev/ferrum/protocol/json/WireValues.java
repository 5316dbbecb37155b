package dev.ferrum.protocol.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.protocol.error.WireFormatException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Normalisers wire records call in their constructors: Jackson hands a record {@code null} for an
 * absent component (and {@code Optional.of(NullNode)} for an explicit JSON null), while Ferrum's
 * records promise empty values instead.
 */
public final class WireValues {
    private WireValues() {
    }

    /** {@code value}, or empty when Jackson passed null. */
    public static <T> Optional<T> orEmpty(Optional<T> value) {
        return value == null ? Optional.empty() : value;
    }

    /** A JSON value that is absent, null or JSON {@code null} all become empty. */
    public static Optional<JsonNode> presentNode(Optional<JsonNode> value) {
        return value == null ? Optional.empty() : value.filter(node -> !node.isNull() && !node.isMissingNode());
    }

    /** A free-form dict, empty when absent or null. */
    public static ObjectNode objectOrEmpty(ObjectNode value) {
        return value == null ? JsonNodeFactory.instance.objectNode() : value;
    }

    /** An immutable copy, empty when absent; a null element is a wire error, not a crash later. */
    public static <T> List<T> listOrEmpty(List<T> value) {
        if (value == null) {
            return List.of();
        }
        // contains(null) would throw on the immutable lists callers pass in.
        if (value.stream().anyMatch(Objects::isNull)) {
            throw new WireFormatException("a list contains null where values are required");
        }
        return List.copyOf(value);
    }

    /** An immutable copy that keeps the peer's key order (it is visible in logs and golden files). */
    public static <K, V> Map<K, V> orderedMap(Map<K, V> value) {
        return value == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(value));
    }

    /** Fails with a clear message when a required text field is absent or blank. */
    public static String requireText(String value, String what) {
        if (value == null || value.isBlank()) {
            throw new WireFormatException(what + " is required");
        }
        return value;
    }
}
