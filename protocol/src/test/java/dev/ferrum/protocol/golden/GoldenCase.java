package dev.ferrum.protocol.golden;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.function.Function;

/**
 * One JSON body from the samples and the way Ferrum reads it: {@code read} turns the body into the
 * protocol value (a record, or for error bodies the rebuilt body) that must serialise back to it.
 */
record GoldenCase(String name, String model, JsonNode original, Function<JsonNode, Object> read) {

    @Override
    public String toString() {
        return name + " → " + model;
    }
}
