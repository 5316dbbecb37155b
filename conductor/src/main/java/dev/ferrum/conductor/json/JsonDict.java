package dev.ferrum.conductor.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * An immutable free-form JSON object: the dicts Ironic's wire leaves open ({@code driver_info},
 * {@code properties}, {@code instance_info}, {@code extra}, …). Copies in and out so no caller can
 * change a stored value behind the store's back; typed fields are read out at the edge.
 */
public final class JsonDict {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final ObjectNode value;

    private JsonDict(ObjectNode value) {
        this.value = value;
    }

    /** {@code {}}. */
    public static JsonDict empty() {
        return new JsonDict(NODES.objectNode());
    }

    /** A copy of {@code object}; later changes to it do not show here. */
    public static JsonDict of(ObjectNode object) {
        return new JsonDict(Objects.requireNonNull(object, "object").deepCopy());
    }

    /** A fresh mutable copy, for rendering or editing (JSON patch). */
    public ObjectNode toObjectNode() {
        return value.deepCopy();
    }

    public boolean isEmpty() {
        return value.isEmpty();
    }

    /** The top-level keys in document order. */
    public List<String> keys() {
        List<String> keys = new ArrayList<>();
        value.fieldNames().forEachRemaining(keys::add);
        return List.copyOf(keys);
    }

    /** A copy of the value under {@code key}; empty when absent or JSON null. */
    public Optional<JsonNode> get(String key) {
        JsonNode node = value.get(key);
        return node == null || node.isNull() ? Optional.empty() : Optional.of(node.deepCopy());
    }

    /** The value under {@code key} as text when it is a JSON string or number; empty otherwise. */
    public Optional<String> string(String key) {
        JsonNode node = value.get(key);
        if (node == null || !(node.isTextual() || node.isNumber())) {
            return Optional.empty();
        }
        return Optional.of(node.asText());
    }

    /** This dict with {@code key} set to the text {@code text}. */
    public JsonDict with(String key, String text) {
        ObjectNode copy = value.deepCopy();
        copy.put(key, text);
        return new JsonDict(copy);
    }

    /** This dict with {@code key} set to a copy of {@code node}. */
    public JsonDict with(String key, JsonNode node) {
        ObjectNode copy = value.deepCopy();
        copy.set(key, node.deepCopy());
        return new JsonDict(copy);
    }

    /** This dict without {@code key}. */
    public JsonDict without(String key) {
        ObjectNode copy = value.deepCopy();
        copy.remove(key);
        return new JsonDict(copy);
    }

    /**
     * A copy where every value whose key {@code isSecret} accepts, at any depth, reads {@code mask};
     * how secrets leave the conductor ({@code "******"} on the API).
     */
    public JsonDict masked(Predicate<String> isSecret, String mask) {
        ObjectNode copy = value.deepCopy();
        maskInPlace(copy, isSecret, mask);
        return new JsonDict(copy);
    }

    private static void maskInPlace(JsonNode node, Predicate<String> isSecret, String mask) {
        if (node instanceof ObjectNode object) {
            List<String> names = new ArrayList<>();
            object.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                JsonNode child = object.get(name);
                if (isSecret.test(name) && !child.isNull() && !child.isContainerNode()) {
                    object.put(name, mask);
                } else {
                    maskInPlace(child, isSecret, mask);
                }
            }
        } else if (node.isArray()) {
            node.forEach(child -> maskInPlace(child, isSecret, mask));
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof JsonDict dict && dict.value.equals(value);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }

    /** The compact JSON text. */
    @Override
    public String toString() {
        return value.toString();
    }
}
