package dev.ferrum.conductor.flow;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Compares a JSON document Ferrum produced with the one a peer produced, field by field. Paths are
 * JSON pointers with {@code *} for any array index. Two explicit lists loosen the comparison: paths whose
 * values legitimately differ (both sides must still have them), and paths only one side has.
 */
final class JsonDifferences {
    private JsonDifferences() {
    }

    /** Differences as readable lines; empty when the documents agree outside the two lists. */
    static List<String> between(JsonNode expected, JsonNode actual, Set<String> valuesMayDiffer,
                                Set<String> mayBeAbsentOnOneSide) {
        List<String> out = new ArrayList<>();
        walk("", "", expected, actual, valuesMayDiffer, mayBeAbsentOnOneSide, out);
        return out;
    }

    private static void walk(String path, String pattern, JsonNode expected, JsonNode actual, Set<String> differ,
                             Set<String> absent, List<String> out) {
        if (differ.contains(pattern)) {
            if (expected.isMissingNode() != actual.isMissingNode()) {
                out.add(path + ": present on one side only (expected " + expected + ", got " + actual + ")");
            }
            return;
        }
        if (expected.isMissingNode() && actual.isMissingNode()) {
            return;
        }
        if (expected.isMissingNode() || actual.isMissingNode()) {
            if (!absent.contains(pattern)) {
                out.add(path + ": expected " + (expected.isMissingNode() ? "no field" : expected) + " but got "
                        + (actual.isMissingNode() ? "no field" : actual));
            }
            return;
        }
        if (expected.isObject() && actual.isObject()) {
            Set<String> names = new TreeSet<>();
            expected.fieldNames().forEachRemaining(names::add);
            actual.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                walk(path + "/" + name, pattern + "/" + name, expected.path(name), actual.path(name), differ, absent,
                        out);
            }
            return;
        }
        if (expected.isArray() && actual.isArray()) {
            if (expected.size() != actual.size()) {
                out.add(path + ": expected " + expected.size() + " elements " + expected + " but got " + actual.size()
                        + " " + actual);
                return;
            }
            Iterator<JsonNode> e = expected.elements();
            Iterator<JsonNode> a = actual.elements();
            for (int i = 0; e.hasNext(); i++) {
                walk(path + "/" + i, pattern + "/*", e.next(), a.next(), differ, absent, out);
            }
            return;
        }
        if (!expected.equals(actual)) {
            out.add(path + ": expected " + expected + " but got " + actual);
        }
    }
}
