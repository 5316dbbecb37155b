package dev.ferrum.protocol.error;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Objects;
import java.util.Optional;

/**
 * Builds the error body each peer dialect expects from a {@link Fault}, and reads a fault back from
 * whatever error body a peer sent. Reading tolerates the variants seen in the field: Ironic's
 * {@code error_message} as a JSON string, as an object or as plain text; IPA's bare fault; the
 * inspector's {@code {"error": {"message"}}}.
 */
public final class ErrorBodies {
    private static final int MAX_QUOTED_BODY = 200;

    private final ObjectMapper mapper;

    /** Uses {@code mapper} (normally {@code WireJson.newMapper()}) to build and parse JSON. */
    public ErrorBodies(ObjectMapper mapper) {
        this.mapper = Objects.requireNonNull(mapper, "mapper");
    }

    /** The body a service of {@code dialect} answers with when {@code fault} happened. */
    public ObjectNode body(Fault fault, ErrorDialect dialect) {
        return switch (dialect) {
            case IRONIC -> ironicBody(fault);
            case AGENT -> agentBody(fault);
            case INSPECTOR -> inspectorBody(fault);
        };
    }

    /** Ironic's {@code {"error_message": "<fault as a JSON string>"}}. */
    public ObjectNode ironicBody(Fault fault) {
        ObjectNode body = mapper.createObjectNode();
        body.put("error_message", ironicErrorMessage(fault));
        return body;
    }

    /**
     * The string inside Ironic's {@code error_message}: the fault serialised the way Python's
     * {@code json.dumps} does it (", " and ": " separators, non-ASCII escaped, {@code debuginfo}
     * always present), so clients that compare or log it see what stock Ironic sends.
     */
    public String ironicErrorMessage(Fault fault) {
        StringWriter out = new StringWriter();
        try (JsonGenerator generator = mapper.getFactory().createGenerator(out)) {
            generator.setPrettyPrinter(new PythonSeparators());
            generator.enable(JsonWriteFeature.ESCAPE_NON_ASCII.mappedFeature());
            generator.writeStartObject();
            generator.writeStringField("faultcode", fault.faultcode());
            generator.writeStringField("faultstring", fault.faultstring());
            if (fault.debuginfo().isPresent()) {
                generator.writeStringField("debuginfo", fault.debuginfo().get());
            } else {
                generator.writeNullField("debuginfo");
            }
            generator.writeEndObject();
        } catch (IOException e) {
            // A StringWriter never fails; anything here is a Jackson bug worth surfacing.
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** IPA's bare fault; {@code debuginfo} only when there is one, as IPA does outside debug mode. */
    public ObjectNode agentBody(Fault fault) {
        ObjectNode body = mapper.createObjectNode();
        body.put("faultcode", fault.faultcode());
        body.put("faultstring", fault.faultstring());
        fault.debuginfo().ifPresent(debug -> body.put("debuginfo", debug));
        return body;
    }

    /** The inspector's {@code {"error": {"message": …}}}; it has no place for the fault code. */
    public ObjectNode inspectorBody(Fault fault) {
        ObjectNode body = mapper.createObjectNode();
        body.putObject("error").put("message", fault.faultstring());
        return body;
    }

    /** The dialect {@code body} is written in, if it is one of the known error shapes. */
    public static Optional<ErrorDialect> dialectOf(JsonNode body) {
        if (body == null || !body.isObject()) {
            return Optional.empty();
        }
        if (body.has("error_message")) {
            return Optional.of(ErrorDialect.IRONIC);
        }
        if (body.has("faultstring") || body.has("faultcode")) {
            return Optional.of(ErrorDialect.AGENT);
        }
        if (body.has("error")) {
            return Optional.of(ErrorDialect.INSPECTOR);
        }
        return Optional.empty();
    }

    /**
     * The fault in an error body of any known dialect; {@code httpStatus} supplies the fault code
     * where the body has none.
     *
     * @throws WireFormatException if {@code body} is not one of the known error shapes
     */
    public Fault read(int httpStatus, JsonNode body) {
        ErrorDialect dialect = dialectOf(body).orElseThrow(() -> new WireFormatException(
                "HTTP " + httpStatus + " error body has none of error_message, faultstring or error: "
                        + quote(String.valueOf(body))));
        return switch (dialect) {
            case IRONIC -> fromErrorMessage(httpStatus, body.get("error_message"));
            case AGENT -> fromFaultObject(httpStatus, body);
            case INSPECTOR -> fromInspectorError(httpStatus, body.get("error"));
        };
    }

    /**
     * The best fault that can be made of an error response's raw text: a known error body if it is
     * one, else the text itself (an HTML page from a proxy, say). Never throws, because callers use
     * it while already handling a failure.
     */
    public Fault readLenient(int httpStatus, String text) {
        String trimmed = text == null ? "" : text.strip();
        try {
            JsonNode body = mapper.readTree(trimmed);
            if (dialectOf(body).isPresent()) {
                return read(httpStatus, body);
            }
        } catch (JsonProcessingException | ProtocolException notAnErrorBody) {
            // Fall through: the raw text is the most useful message left.
        }
        String message = trimmed.isEmpty() ? "HTTP " + httpStatus + " with an empty body" : trimmed;
        return new Fault(Fault.codeFor(httpStatus), message, Optional.empty());
    }

    private Fault fromErrorMessage(int httpStatus, JsonNode errorMessage) {
        if (errorMessage.isObject()) {
            return fromFaultObject(httpStatus, errorMessage);
        }
        if (errorMessage.isTextual()) {
            String text = errorMessage.asText();
            Optional<JsonNode> inner = parseQuietly(text);
            if (inner.isPresent() && inner.get().isObject()
                    && (inner.get().has("faultstring") || inner.get().has("faultcode"))) {
                return fromFaultObject(httpStatus, inner.get());
            }
            return new Fault(Fault.codeFor(httpStatus), text, Optional.empty());
        }
        return new Fault(Fault.codeFor(httpStatus), errorMessage.toString(), Optional.empty());
    }

    private static Fault fromFaultObject(int httpStatus, JsonNode fault) {
        String code = textOf(fault.get("faultcode")).orElse(Fault.codeFor(httpStatus));
        String message = textOf(fault.get("faultstring")).orElse("");
        return new Fault(code, message, textOf(fault.get("debuginfo")));
    }

    private static Fault fromInspectorError(int httpStatus, JsonNode error) {
        String message = error.isObject()
                ? textOf(error.get("message")).orElse(error.toString())
                : textOf(error).orElse("");
        return new Fault(Fault.codeFor(httpStatus), message, Optional.empty());
    }

    private static Optional<String> textOf(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return Optional.empty();
        }
        return Optional.of(node.isValueNode() ? node.asText() : node.toString());
    }

    private Optional<JsonNode> parseQuietly(String text) {
        try {
            return Optional.of(mapper.readTree(text));
        } catch (JsonProcessingException notJson) {
            return Optional.empty();
        }
    }

    private static String quote(String text) {
        return text.length() <= MAX_QUOTED_BODY ? text : text.substring(0, MAX_QUOTED_BODY) + "…";
    }
}
