package dev.ferrum.conductor.inspection;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.node.Node;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What an inspection changed on a node, in words an operator reads in the timeline: each property added, changed or
 * removed, the resource class, and traits added or removed. Compared on the node as stored before and after, so
 * hooks and rules are covered alike.
 */
final class InspectionChanges {
    private InspectionChanges() {
    }

    static List<String> between(Node before, Node after) {
        List<String> changes = new ArrayList<>();
        ObjectNode old = before.properties().toObjectNode();
        ObjectNode now = after.properties().toObjectNode();
        Set<String> keys = new LinkedHashSet<>();
        old.fieldNames().forEachRemaining(keys::add);
        now.fieldNames().forEachRemaining(keys::add);
        for (String key : keys) {
            JsonNode was = old.get(key);
            JsonNode is = now.get(key);
            if (was == null) {
                changes.add("properties." + key + " set to " + is);
            } else if (is == null) {
                changes.add("properties." + key + " removed (was " + was + ")");
            } else if (!was.equals(is)) {
                changes.add("properties." + key + " " + was + " -> " + is);
            }
        }
        if (!before.resourceClass().equals(after.resourceClass())) {
            changes.add("resource_class " + before.resourceClass().orElse("(none)") + " -> "
                    + after.resourceClass().orElse("(none)"));
        }
        after.traits().stream().filter(t -> !before.traits().contains(t)).forEach(t -> changes.add("trait " + t
                + " added"));
        before.traits().stream().filter(t -> !after.traits().contains(t)).forEach(t -> changes.add("trait " + t
                + " removed"));
        return changes;
    }
}
