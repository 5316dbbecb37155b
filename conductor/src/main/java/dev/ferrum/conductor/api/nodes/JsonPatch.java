package dev.ferrum.conductor.api.nodes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.error.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The part of RFC 6902 Ironic's clients send ({@code add}, {@code replace}, {@code remove}) over JSON
 * pointers (RFC 6901). Hand-written because the one Jackson library for it
 * (java-json-tools/json-patch) has had no release since 2020, and this subset is a page long.
 */
public record JsonPatch(List<Operation> operations) {

    /** One operation; {@code value} is a JSON null node for {@code remove}. */
    public record Operation(String op, List<String> path, String rawPath, JsonNode value) {
    }

    public JsonPatch {
        operations = List.copyOf(operations);
    }

    /** Reads a patch document: a JSON array of {@code {op, path[, value]}} objects. */
    public static JsonPatch parse(JsonNode document) {
        if (!document.isArray() || document.isEmpty()) {
            throw new InvalidInputException("A PATCH body must be a non-empty JSON array of RFC 6902 operations,"
                    + " e.g. [{\"op\": \"replace\", \"path\": \"/name\", \"value\": \"node-1\"}].");
        }
        List<Operation> ops = new ArrayList<>();
        for (JsonNode item : document) {
            if (!item.isObject() || !item.path("op").isTextual() || !item.path("path").isTextual()) {
                throw new InvalidInputException("Each patch operation needs a string \"op\" and \"path\": " + item);
            }
            String op = item.get("op").asText().toLowerCase(Locale.ROOT);
            if (!List.of("add", "replace", "remove").contains(op)) {
                throw new InvalidInputException("Patch operation \"" + op + "\" is not supported; use add, replace"
                        + " or remove.");
            }
            if (!op.equals("remove") && !item.has("value")) {
                throw new InvalidInputException("Patch operation \"" + op + "\" on " + item.get("path").asText()
                        + " needs a \"value\".");
            }
            String raw = item.get("path").asText();
            ops.add(new Operation(op, pointer(raw), raw, item.has("value") ? item.get("value")
                    : com.fasterxml.jackson.databind.node.NullNode.getInstance()));
        }
        return new JsonPatch(ops);
    }

    /** Applies the operations in order to {@code target}, in place. */
    public void applyTo(ObjectNode target) {
        for (Operation operation : operations) {
            apply(target, operation);
        }
    }

    private static void apply(ObjectNode root, Operation operation) {
        List<String> path = operation.path();
        JsonNode parent = root;
        for (String step : path.subList(0, path.size() - 1)) {
            JsonNode next = child(parent, step);
            if (next == null || !next.isContainerNode()) {
                throw new InvalidInputException("Patch path " + operation.rawPath() + " does not exist: \"" + step
                        + "\" is missing or not an object.");
            }
            parent = next;
        }
        String last = path.get(path.size() - 1);
        if (parent instanceof ObjectNode object) {
            boolean exists = object.has(last);
            switch (operation.op()) {
                case "add" -> object.set(last, operation.value().deepCopy());
                case "replace" -> {
                    requireExists(exists, operation);
                    object.set(last, operation.value().deepCopy());
                }
                default -> {
                    requireExists(exists, operation);
                    object.remove(last);
                }
            }
        } else {
            ArrayNode array = (ArrayNode) parent;
            boolean append = last.equals("-") && operation.op().equals("add");
            int index = append ? array.size() : index(last, operation);
            boolean exists = index < array.size();
            switch (operation.op()) {
                case "add" -> {
                    if (index > array.size()) {
                        requireExists(false, operation);
                    }
                    array.insert(index, operation.value().deepCopy());
                }
                case "replace" -> {
                    requireExists(exists, operation);
                    array.set(index, operation.value().deepCopy());
                }
                default -> {
                    requireExists(exists, operation);
                    array.remove(index);
                }
            }
        }
    }

    private static JsonNode child(JsonNode parent, String step) {
        if (parent.isObject()) {
            return parent.get(step);
        }
        try {
            return parent.get(Integer.parseInt(step));
        } catch (NumberFormatException notAnIndex) {
            return null;
        }
    }

    private static int index(String step, Operation operation) {
        try {
            int index = Integer.parseInt(step);
            if (index < 0) {
                throw new NumberFormatException(step);
            }
            return index;
        } catch (NumberFormatException e) {
            throw new InvalidInputException("Patch path " + operation.rawPath() + " names a list; \"" + step
                    + "\" is not a list index.");
        }
    }

    private static void requireExists(boolean exists, Operation operation) {
        if (!exists) {
            throw new InvalidInputException("Can not " + operation.op() + " " + operation.rawPath()
                    + ": there is no such value. Use \"add\" to create it.");
        }
    }

    private static List<String> pointer(String raw) {
        if (!raw.startsWith("/") || raw.length() < 2) {
            throw new InvalidInputException("Patch path \"" + raw + "\" is not a JSON pointer such as /driver_info/x.");
        }
        List<String> steps = new ArrayList<>();
        for (String step : raw.substring(1).split("/", -1)) {
            steps.add(step.replace("~1", "/").replace("~0", "~"));
        }
        return steps;
    }
}
