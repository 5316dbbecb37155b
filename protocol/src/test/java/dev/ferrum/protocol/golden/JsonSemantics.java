package dev.ferrum.protocol.golden;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Semantic JSON equality for golden tests: objects compare by key set and values, a key whose
 * value is null counts as absent, numbers compare by value (1 == 1.0), everything else exactly.
 * Returns every difference with its JSON path, so a failing case says what a record lost.
 */
final class JsonSemantics {
    private JsonSemantics() {
    }

    static List<String> differences(JsonNode expected, JsonNode actual) {
        List<String> differences = new ArrayList<>();
        compare("$", expected, actual, differences);
        return differences;
    }

    private static void compare(String path, JsonNode expected, JsonNode actual, List<String> out) {
        boolean expectedAbsent = isAbsent(expected);
        boolean actualAbsent = isAbsent(actual);
        if (expectedAbsent || actualAbsent) {
            if (expectedAbsent != actualAbsent) {
                out.add(path + ": expected " + describe(expected) + " but got " + describe(actual));
            }
            return;
        }
        if (expected.isNumber() && actual.isNumber()) {
            if (expected.decimalValue().compareTo(actual.decimalValue()) != 0) {
                out.add(path + ": expected number " + expected + " but got " + actual);
            }
            return;
        }
        if (expected.getNodeType() != actual.getNodeType()) {
            out.add(path + ": expected " + describe(expected) + " but got " + describe(actual));
            return;
        }
        if (expected.isObject()) {
            TreeSet<String> keys = new TreeSet<>();
            expected.properties().forEach(entry -> keys.add(entry.getKey()));
            actual.properties().forEach(entry -> keys.add(entry.getKey()));
            for (String key : keys) {
                compare(path + "." + key, expected.get(key), actual.get(key), out);
            }
        } else if (expected.isArray()) {
            if (expected.size() != actual.size()) {
                out.add(path + ": expected " + expected.size() + " elements but got " + actual.size());
                return;
            }
            for (int i = 0; i < expected.size(); i++) {
                compare(path + "[" + i + "]", expected.get(i), actual.get(i), out);
            }
        } else if (!expected.equals(actual)) {
            out.add(path + ": expected " + describe(expected) + " but got " + describe(actual));
        }
    }

    private static boolean isAbsent(JsonNode node) {
        return node == null || node.isNull() || node.isMissingNode();
    }

    private static String describe(JsonNode node) {
        if (isAbsent(node)) {
            return "absent/null";
        }
        String text = node.toString();
        return text.length() > 120 ? text.substring(0, 120) + "…" : text;
    }
}
