package dev.ferrum.conductor.node;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** Ironic's {@code properties/capabilities} text, {@code "key:value,key:value"}, read and written in order. */
public final class Capabilities {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Capabilities() {
    }

    /** The entries of {@code text} in order; entries without a key are skipped. */
    public static Map<String, String> parse(String text) {
        Map<String, String> entries = new LinkedHashMap<>();
        for (String pair : text.split(",")) {
            int colon = pair.indexOf(':');
            if (colon > 0) {
                entries.put(pair.substring(0, colon).strip(), pair.substring(colon + 1).strip());
            }
        }
        return entries;
    }

    /**
     * The capabilities of a {@code properties} or {@code instance_info} value as Ironic accepts them there: the text
     * above, a JSON object, or a JSON object's text; anything else (or nothing) is none.
     */
    public static Map<String, String> read(Optional<JsonNode> value) {
        if (value.isEmpty()) {
            return new LinkedHashMap<>();
        }
        JsonNode node = value.get();
        if (node.isTextual() && node.asText().strip().startsWith("{")) {
            try {
                node = JSON.readTree(node.asText());
            } catch (Exception e) {
                return new LinkedHashMap<>();
            }
        }
        if (node.isObject()) {
            Map<String, String> entries = new LinkedHashMap<>();
            node.properties().forEach(e -> entries.put(e.getKey(), e.getValue().asText()));
            return entries;
        }
        return node.isTextual() ? parse(node.asText()) : new LinkedHashMap<>();
    }

    public static String format(Map<String, String> entries) {
        return entries.entrySet().stream().map(e -> e.getKey() + ":" + e.getValue()).collect(Collectors.joining(","));
    }
}
