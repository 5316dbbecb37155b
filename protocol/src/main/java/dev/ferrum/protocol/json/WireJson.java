package dev.ferrum.protocol.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;

/**
 * The single JSON mapping of the wire: snake_case names, {@code Optional} for fields a peer may
 * send as null or leave out, unknown fields tolerated (peers add fields between releases).
 */
public final class WireJson {
    private WireJson() {
    }

    /** A new mapper configured for the wire; mappers are thread-safe, so callers keep one. */
    public static ObjectMapper newMapper() {
        return JsonMapper.builder()
                .addModule(new Jdk8Module())
                .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                // IPA writes every known key, null when unknown; absent Optionals do the same.
                .serializationInclusion(JsonInclude.Include.ALWAYS)
                .build();
    }
}
