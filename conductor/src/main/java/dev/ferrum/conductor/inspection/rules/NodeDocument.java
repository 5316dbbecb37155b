package dev.ferrum.conductor.inspection.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Capabilities;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A node as rules see it: {@code node://} conditions read it, actions edit it through JSON pointers, and the
 * edits go back to the node in one update. Only the fields an operator may patch on a manageable node are
 * writable; identity and state are there to read.
 */
public final class NodeDocument {
    /** The top-level fields actions may write. */
    public static final Set<String> WRITABLE = Set.of("properties", "driver_info", "extra", "instance_info",
            "resource_class", "traits");
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final ObjectNode document = JSON.objectNode();

    public NodeDocument(Node node) {
        document.put("uuid", node.uuid().toString());
        node.name().ifPresent(name -> document.put("name", name));
        document.put("driver", node.driver());
        document.put("provision_state", node.provisionState().toString());
        document.set("properties", node.properties().toObjectNode());
        document.set("driver_info", node.driverInfo().toObjectNode());
        document.set("extra", node.extra().toObjectNode());
        document.set("instance_info", node.instanceInfo().toObjectNode());
        node.resourceClass().ifPresent(rc -> document.put("resource_class", rc));
        ArrayNode traits = document.putArray("traits");
        node.traits().forEach(traits::add);
    }

    /** The document conditions read; a copy. */
    public ObjectNode view() {
        return document.deepCopy();
    }

    /** Rejects a pointer an action may not write, naming it; rules are checked with it when created. */
    public static void checkWritable(String path, String where) {
        List<String> parts = pointer(path, where);
        String top = parts.getFirst();
        if (!WRITABLE.contains(top)) {
            throw new InvalidInputException(where + ": path \"" + path + "\" cannot be written; rules may write "
                    + WRITABLE.stream().sorted().map(f -> "/" + f).toList() + ".");
        }
        boolean scalar = top.equals("resource_class") || top.equals("traits");
        if (scalar && parts.size() > 1) {
            throw new InvalidInputException(where + ": path \"" + path + "\" goes below /" + top + ".");
        }
    }

    private static List<String> pointer(String path, String where) {
        if (!path.startsWith("/") || path.length() < 2) {
            throw new InvalidInputException(where + ": path \"" + path + "\" is not a JSON pointer such as"
                    + " /properties/cpu_arch.");
        }
        List<String> parts = new ArrayList<>();
        for (String part : path.substring(1).split("/", -1)) {
            if (part.isEmpty()) {
                throw new InvalidInputException(where + ": path \"" + path + "\" has an empty segment.");
            }
            parts.add(part.replace("~1", "/").replace("~0", "~"));
        }
        return parts;
    }

    void set(String path, JsonNode value) {
        List<String> parts = pointer(path, "set-attribute");
        parent(parts).set(parts.getLast(), value.deepCopy());
    }

    void extend(String path, JsonNode value, boolean unique) {
        List<String> parts = pointer(path, "extend-attribute");
        ObjectNode parent = parent(parts);
        JsonNode existing = parent.get(parts.getLast());
        ArrayNode list;
        if (existing instanceof ArrayNode array) {
            list = array;
        } else if (existing == null || existing.isNull()) {
            list = parent.putArray(parts.getLast());
        } else {
            throw new RuleFailure("extend-attribute " + path + ": the node's value there is not a list but "
                    + existing + "; fix the rule or the node.");
        }
        boolean present = false;
        for (JsonNode item : list) {
            present |= item.equals(value);
        }
        if (!unique || !present) {
            list.add(value.deepCopy());
        }
    }

    /** The object holding the pointer's last segment, made on the way when missing. */
    private ObjectNode parent(List<String> parts) {
        ObjectNode at = document;
        for (String part : parts.subList(0, parts.size() - 1)) {
            JsonNode next = at.get(part);
            if (next instanceof ObjectNode object) {
                at = object;
            } else if (next == null || next.isNull()) {
                at = at.putObject(part);
            } else {
                throw new RuleFailure("cannot write below \"" + part + "\": the node's value there is " + next);
            }
        }
        return at;
    }

    void setCapability(String name, String value) {
        Map<String, String> capabilities = Capabilities.parse(document.path("properties").path("capabilities")
                .asText(""));
        capabilities.put(name, value);
        ((ObjectNode) document.get("properties")).put("capabilities", Capabilities.format(capabilities));
    }

    void addTrait(String trait) {
        if (traits().contains(trait)) {
            return;
        }
        ((ArrayNode) document.get("traits")).add(trait);
    }

    void removeTrait(String trait) {
        ArrayNode kept = JSON.arrayNode();
        traits().stream().filter(t -> !t.equals(trait)).forEach(kept::add);
        document.set("traits", kept);
    }

    private List<String> traits() {
        List<String> out = new ArrayList<>();
        document.path("traits").forEach(t -> out.add(t.asText()));
        return out;
    }

    /** Writes the document's writable fields onto {@code builder}. */
    public NodeBuilder applyTo(NodeBuilder builder) {
        return builder.properties(dict("properties")).driverInfo(dict("driver_info")).extra(dict("extra"))
                .instanceInfo(dict("instance_info")).traits(traits())
                .resourceClass(Optional.ofNullable(document.get("resource_class")).filter(JsonNode::isTextual)
                        .map(JsonNode::asText));
    }

    private JsonDict dict(String field) {
        JsonNode value = document.get(field);
        if (!(value instanceof ObjectNode object)) {
            throw new RuleFailure("/" + field + " must stay an object, a rule made it " + value);
        }
        return JsonDict.of(object);
    }
}
