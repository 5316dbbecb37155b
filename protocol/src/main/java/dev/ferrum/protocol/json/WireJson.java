package dev.ferrum.protocol.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import dev.ferrum.protocol.error.ProtocolException;
import dev.ferrum.protocol.error.WireFormatException;
import java.io.IOException;
import java.util.List;

/**
 * The single JSON mapping of the wire: snake_case names, {@code Optional} for fields a peer may
 * send as null or leave out, unknown fields tolerated (peers add fields between releases). The
 * {@code read}/{@code convert} helpers turn Jackson's checked failures into a
 * {@link WireFormatException} that names the document, the JSON path and the reason.
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
                // IPA writes every known key, null when unknown; absent Optionals do the same
                // unless a record opts out for keys its peer leaves out.
                .serializationInclusion(JsonInclude.Include.ALWAYS)
                .build();
    }

    /** Reads a {@code type} document from raw body bytes (peers do not always send a Content-Type). */
    public static <T> T read(ObjectMapper mapper, byte[] body, Class<T> type) {
        if (body == null || body.length == 0) {
            throw new WireFormatException("expected a " + type.getSimpleName() + " document but the body is empty");
        }
        T value;
        try {
            value = mapper.readValue(body, type);
        } catch (IOException | RuntimeException e) {
            throw failure(type, e);
        }
        return requireDocument(value, type);
    }

    /** Reads a {@code type} document from body text. */
    public static <T> T read(ObjectMapper mapper, String body, Class<T> type) {
        if (body == null || body.isBlank()) {
            throw new WireFormatException("expected a " + type.getSimpleName() + " document but the body is empty");
        }
        T value;
        try {
            value = mapper.readValue(body, type);
        } catch (IOException | RuntimeException e) {
            throw failure(type, e);
        }
        return requireDocument(value, type);
    }

    /** A body that is the JSON literal {@code null} reads as null in Jackson; on the wire it is no document. */
    private static <T> T requireDocument(T value, Class<T> type) {
        if (value == null) {
            throw new WireFormatException("expected a " + type.getSimpleName() + " document but the body is null");
        }
        return value;
    }

    /** Reads a {@code type} document from an already parsed tree (a nested dict, say). */
    public static <T> T convert(ObjectMapper mapper, JsonNode node, Class<T> type) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            throw new WireFormatException("expected a " + type.getSimpleName() + " document but got null");
        }
        try {
            return mapper.treeToValue(node, type);
        } catch (JsonProcessingException | RuntimeException e) {
            throw failure(type, e);
        }
    }

    /** Parses body bytes as a JSON tree, failing with a clear message instead of a checked exception. */
    public static JsonNode readTree(ObjectMapper mapper, byte[] body) {
        try {
            JsonNode tree = mapper.readTree(body == null ? new byte[0] : body);
            if (tree == null || tree.isMissingNode()) {
                throw new WireFormatException("expected a JSON document but the body is empty");
            }
            return tree;
        } catch (IOException e) {
            throw new WireFormatException("body is not valid JSON: " + firstLine(e.getMessage()), e);
        }
    }

    private static WireFormatException failure(Class<?> type, Exception e) {
        String what = type.getSimpleName();
        if (e instanceof WireFormatException wire) {
            return wire;
        }
        ProtocolException ours = ourCause(e);
        String path = e instanceof JsonMappingException mapping ? jsonPath(mapping.getPath()) : "$";
        if (ours != null) {
            return new WireFormatException("invalid " + what + " at " + path + ": " + ours.getMessage(), e);
        }
        String reason = e instanceof JsonMappingException mapping
                ? mapping.getOriginalMessage()
                : e.getMessage();
        if (e instanceof JsonProcessingException && !(e instanceof JsonMappingException)) {
            return new WireFormatException(what + " body is not valid JSON: " + firstLine(reason), e);
        }
        return new WireFormatException("invalid " + what + " at " + path + ": " + firstLine(reason), e);
    }

    private static ProtocolException ourCause(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof ProtocolException protocol) {
                return protocol;
            }
        }
        return null;
    }

    private static String jsonPath(List<JsonMappingException.Reference> references) {
        StringBuilder path = new StringBuilder("$");
        for (JsonMappingException.Reference reference : references) {
            if (reference.getFieldName() != null) {
                path.append('.').append(reference.getFieldName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unknown error";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
