package dev.ferrum.conductor.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.error.InvalidInputException;
import java.util.Optional;

/** Typed reads of optional fields in request bodies, with Ironic-style 400 messages for wrong types. */
public final class BodyFields {
    private BodyFields() {
    }

    /** The string at {@code key}; empty when absent or null; 400 when it is not a string. */
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
}
