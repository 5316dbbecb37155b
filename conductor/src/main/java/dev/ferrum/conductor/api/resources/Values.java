package dev.ferrum.conductor.api.resources;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.ApiException;
import dev.ferrum.conductor.api.nodes.JsonPatch;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Typed reads of the values in create bodies and patched documents of the smaller resources, with the
 * 400s Ironic gives for wrong types, unknown attributes and read-only paths, and the 406 for an
 * attribute set below the microversion that added it.
 */
public final class Values {
    private Values() {
    }

    /**
     * Refuses attributes of {@code body} outside {@code writable} (400), and those whose microversion
     * ({@code since}: name to 1.x minor) is above the call's (406).
     */
    public static void checkAttributes(ApiCall call, ObjectNode body, Set<String> writable,
                                       Map<String, Integer> since, String kind) {
        List<String> unknown = new ArrayList<>();
        body.fieldNames().forEachRemaining(key -> {
            if (!writable.contains(key)) {
                unknown.add(key);
            } else if (since.containsKey(key) && !call.atLeast(1, since.get(key))) {
                throw new ApiException(406, "The attribute \"" + key + "\" needs a newer API version than "
                        + call.version() + "; send a newer X-OpenStack-Ironic-API-Version.");
            }
        });
        if (!unknown.isEmpty()) {
            throw new InvalidInputException("Unknown attribute(s) for a " + kind + ": " + String.join(", ", unknown)
                    + ".");
        }
    }

    /**
     * Refuses patch operations on paths outside {@code writable} (400, Ironic's "internal attribute"),
     * removal of {@code mandatory} ones, and paths above the call's microversion (406).
     */
    public static void checkPatch(ApiCall call, JsonPatch patch, Set<String> writable, Set<String> mandatory,
                                  Map<String, Integer> since) {
        for (JsonPatch.Operation operation : patch.operations()) {
            String root = operation.path().get(0);
            if (since.containsKey(root) && !call.atLeast(1, since.get(root))) {
                throw new ApiException(406, "The attribute \"" + root + "\" needs a newer API version than "
                        + call.version() + "; send a newer X-OpenStack-Ironic-API-Version.");
            }
            if (!writable.contains(root)) {
                throw new InvalidInputException("Cannot patch " + operation.rawPath() + ". Only the following can"
                        + " be updated: " + String.join(", ", new java.util.TreeSet<>(writable)));
            }
            if (mandatory.contains(root) && operation.op().equals("remove") && operation.path().size() == 1) {
                throw new InvalidInputException("'/" + root + "' is a mandatory attribute and can not be removed");
            }
        }
    }

    /** A dict attribute: absent or null is empty, anything but an object is a 400. */
    public static JsonDict dict(ObjectNode body, String key) {
        JsonNode value = body.get(key);
        if (value == null || value.isNull()) {
            return JsonDict.empty();
        }
        if (!value.isObject()) {
            throw new InvalidInputException("\"" + key + "\" must be a JSON object, not " + value + ".");
        }
        return JsonDict.of(((ObjectNode) value).deepCopy());
    }

    /** A string attribute: absent or null is empty, anything but a string is a 400. */
    public static Optional<String> text(ObjectNode body, String key) {
        JsonNode value = body.get(key);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isTextual()) {
            throw new InvalidInputException("\"" + key + "\" must be a string, not " + value + ".");
        }
        return Optional.of(value.asText());
    }

    /** A required string attribute: 400 when absent. */
    public static String required(ObjectNode body, String key) {
        return text(body, key).orElseThrow(() -> new InvalidInputException("Mandatory field missing: \"" + key
                + "\"."));
    }

    /** A string at most {@code max} characters long. */
    public static Optional<String> text(ObjectNode body, String key, int max) {
        Optional<String> value = text(body, key);
        if (value.isPresent() && value.get().length() > max) {
            throw new InvalidInputException("\"" + key + "\" is longer than " + max + " characters.");
        }
        return value;
    }

    /** A boolean attribute: absent or null is {@code otherwise}; Ironic also takes "true"/"false" strings. */
    public static boolean bool(ObjectNode body, String key, boolean otherwise) {
        JsonNode value = body.get(key);
        if (value == null || value.isNull()) {
            return otherwise;
        }
        if (value.isBoolean()) {
            return value.asBoolean();
        }
        if (value.isTextual() && List.of("true", "false").contains(value.asText().toLowerCase())) {
            return Boolean.parseBoolean(value.asText());
        }
        throw new InvalidInputException("\"" + key + "\" must be true or false, not " + value + ".");
    }

    /** A UUID attribute: 400 when it is not one. */
    public static Optional<UUID> uuid(ObjectNode body, String key) {
        return text(body, key).map(raw -> parseUuid(raw));
    }

    /** Ironic's "Expected a UUID but received ..." 400. */
    public static UUID parseUuid(String raw) {
        try {
            UUID parsed = UUID.fromString(raw);
            if (!parsed.toString().equalsIgnoreCase(raw)) {
                throw new IllegalArgumentException(raw);
            }
            return parsed;
        } catch (IllegalArgumentException e) {
            throw new InvalidInputException("Expected a UUID but received " + raw + ".");
        }
    }

    /** A path's uuid: Ironic validates it before looking anything up, so a malformed one is a 400. */
    public static UUID pathUuid(ApiCall call, String parameter) {
        return parseUuid(call.pathParam(parameter));
    }
}
