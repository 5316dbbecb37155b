package dev.ferrum.conductor.node;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** Ironic's {@code properties/capabilities} text, {@code "key:value,key:value"}, read and written in order. */
public final class Capabilities {

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

    public static String format(Map<String, String> entries) {
        return entries.entrySet().stream().map(e -> e.getKey() + ":" + e.getValue()).collect(Collectors.joining(","));
    }
}
