package dev.ferrum.conductor.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.auth.Caller;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.protocol.api.Microversion;
import dev.ferrum.protocol.json.WireJson;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Optional;

/**
 * One API request as handlers see it: the negotiated microversion, the base URL links are built from,
 * the body read within the size limit and parsed as JSON, query parameters, and the ways to answer.
 */
public final class ApiCall {
    private final ServerRequest request;
    private final ServerResponse response;
    private final Microversion version;
    private final ObjectMapper json;
    private final long maxBodyBytes;
    private final Caller caller;
    private final int maxLimit;
    /** The body once read: the policy may look at it before the handler does, and a stream reads once. */
    private JsonNode body;
    /** The body's bytes once read (within the limit, declared as JSON, not empty). */
    private byte[] bodyBytes;

    ApiCall(ServerRequest request, ServerResponse response, Microversion version, ObjectMapper json,
            long maxBodyBytes, Caller caller, int maxLimit) {
        this.request = request;
        this.response = response;
        this.version = version;
        this.json = json;
        this.maxBodyBytes = maxBodyBytes;
        this.caller = caller;
        this.maxLimit = maxLimit;
    }

    /** The largest page a list answers with (Ironic's {@code [api]max_limit}). */
    public int maxLimit() {
        return maxLimit;
    }

    /** Who sent the request (the system-admin operator under noauth and static tokens). */
    public Caller caller() {
        return caller;
    }

    /**
     * The project whose nodes a list shows this caller: empty when it sees every node (system scope), its own
     * project when it is project-scoped, as Ironic's {@code check_list_policy} narrows a list.
     */
    public Optional<String> visibleProject() {
        return caller.project();
    }

    /** The microversion this request is served at. */
    public Microversion version() {
        return version;
    }

    public boolean atLeast(int major, int minor) {
        return version.isAtLeast(Microversion.of(major, minor));
    }

    /** {@code scheme://host:port} as the client addressed this server; links are built on it. */
    public String baseUrl() {
        return baseUrl(request);
    }

    static String baseUrl(ServerRequest request) {
        var uri = request.requestedUri();
        return uri.scheme() + "://" + uri.authority();
    }

    /** The address the request came from (the peer of the connection). */
    public String sourceAddress() {
        return request.remotePeer().host();
    }

    /** Sets a header on the answer, before it is sent. */
    public void header(String name, String value) {
        response.header(name, value);
    }

    public String pathParam(String name) {
        return request.path().pathParameters().get(name);
    }

    public Optional<String> query(String name) {
        return request.query().first(name).asOptional().filter(v -> !v.isEmpty());
    }

    /** The request's HTTP method, e.g. {@code GET}. */
    public String method() {
        return request.prologue().method().text();
    }

    /** The names of all query parameters the request carries, empty values included. */
    public java.util.Set<String> queryNames() {
        return request.query().names();
    }

    /** A boolean query parameter as Ironic reads them ("true"/"false", any case, also 1/0). */
    public Optional<Boolean> queryBoolean(String name) {
        return query(name).map(v -> switch (v.toLowerCase(Locale.ROOT)) {
            case "true", "1", "yes", "on" -> true;
            case "false", "0", "no", "off" -> false;
            default -> throw new InvalidInputException("Invalid value for " + name + ": \"" + v
                    + "\"; use true or false.");
        });
    }

    /** The body as a JSON object; 413 past the limit, 400 when it is not a JSON object. */
    public ObjectNode bodyObject() {
        JsonNode tree = body();
        if (!tree.isObject()) {
            throw new InvalidInputException("The request body must be a JSON object, not " + tree.getNodeType()
                    .name().toLowerCase(Locale.ROOT) + ".");
        }
        return (ObjectNode) tree;
    }

    /** The declared body length: 0 for none, -1 when unknown (chunked). */
    public long contentLength() {
        return request.headers().contentLength().orElse(request.content().hasEntity() ? -1L : 0L);
    }

    /**
     * The body as any JSON value (a JSON-patch is an array); 415 unless it is declared as JSON, so a form
     * post or a text body from a browser or a script on the network is never taken for an API request.
     */
    public JsonNode body() {
        if (body == null) {
            body = readBody();
        }
        return body;
    }

    /**
     * The body bound to {@code type} (a wire record), with {@link #bodyObject()}'s checks and errors. A body that
     * binds is read straight into the record, without a tree in between (the heartbeat path's share of Jackson
     * halves); one that does not is read again through the tree, so every refusal is the tree path's, word for word.
     */
    public <T> T bodyAs(Class<T> type) {
        if (body == null) {
            byte[] bytes = bodyBytes();
            if (startsAnObject(bytes)) {
                try {
                    return json.readValue(bytes, type);
                } catch (IOException | RuntimeException refused) {
                    // Fall through: the tree path below answers with the canonical error.
                }
            }
        }
        return WireJson.convert(json, bodyObject(), type);
    }

    private static boolean startsAnObject(byte[] bytes) {
        for (byte b : bytes) {
            if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
                return b == '{';
            }
        }
        return false;
    }

    private JsonNode readBody() {
        byte[] bytes = bodyBytes();
        try {
            JsonNode tree = json.readTree(bytes);
            if (tree == null || tree.isMissingNode()) {
                throw new InvalidInputException("The request needs a JSON body.");
            }
            return tree;
        } catch (JsonProcessingException e) {
            throw new InvalidInputException("The request body is not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            // The bytes are in memory, so this is a decoding failure (CharConversionException for bytes
            // that look like UTF-16/32 but are not), the caller's error as much as a syntax error.
            throw new InvalidInputException("The request body is not valid JSON: " + e.getMessage());
        }
    }

    private byte[] bodyBytes() {
        if (bodyBytes == null) {
            bodyBytes = readBodyBytes();
        }
        return bodyBytes;
    }

    private byte[] readBodyBytes() {
        // The header's text, not Headers.contentLength(): that typed read goes through Helidon's global mapper
        // lookup, a measurable share of a heartbeat's CPU; Helidon has already refused a malformed length.
        long declared = request.headers().first(HeaderNames.CONTENT_LENGTH).map(Long::parseLong).orElse(-1L);
        if (declared > maxBodyBytes) {
            throw tooLarge(declared);
        }
        byte[] bytes;
        try (InputStream in = request.content().inputStream()) {
            // A declared length is read into a buffer of that size; only a chunked body is read in blocks up to
            // the limit (readNBytes allocates its block size for every call, whatever the body).
            bytes = in.readNBytes((int) (declared >= 0 ? declared : Math.min(Integer.MAX_VALUE - 8, maxBodyBytes + 1)));
        } catch (IOException e) {
            throw new UncheckedIOException("reading the request body failed", e);
        }
        if (bytes.length > maxBodyBytes) {
            throw tooLarge(bytes.length);
        }
        if (bytes.length == 0) {
            throw new InvalidInputException("The request needs a JSON body.");
        }
        requireJsonContentType();
        return bytes;
    }

    private void requireJsonContentType() {
        Optional<String> declared = request.headers().contentType().map(type -> type.mediaType().type()
                + "/" + type.mediaType().subtype()).map(t -> t.toLowerCase(Locale.ROOT));
        boolean json = declared.filter(t -> t.equals("application/json")
                || (t.startsWith("application/") && t.endsWith("+json"))).isPresent();
        if (!json) {
            throw new ApiException(415, "The request body must be JSON, sent with Content-Type: application/json"
                    + declared.map(t -> " (got " + t + ")").orElse(" (none was given)") + ".");
        }
    }

    private ApiException tooLarge(long size) {
        return new ApiException(413, "The request body (" + size + " bytes) is larger than the " + maxBodyBytes
                + " bytes this API accepts.");
    }

    /** Answers {@code status} with a JSON body. */
    public void json(int status, JsonNode body) {
        try {
            json(status, json.writeValueAsBytes(body));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a response document could not be serialised", e);
        }
    }

    /** Answers {@code status} with a JSON body already written (by a streaming writer). */
    public void json(int status, byte[] body) {
        response.status(Status.create(status)).headers().contentType(io.helidon.common.media.type.MediaTypes.APPLICATION_JSON);
        response.send(body);
    }

    /** 201 with the new resource's document and its address. */
    public void created(String location, JsonNode body) {
        response.header(HeaderNames.LOCATION, location);
        json(201, body);
    }

    /** 202 with no body; {@code location} is where to watch the outcome. */
    public void accepted(Optional<String> location) {
        location.ifPresent(l -> response.header(HeaderNames.LOCATION, l));
        response.status(Status.ACCEPTED_202).send();
    }

    /** 204, the answer to a delete or a void change. */
    public void noContent() {
        response.status(Status.NO_CONTENT_204).send();
    }

    /**
     * Answers 200 with {@code contentType} and hands back the body's stream, for answers written as they happen
     * (the event stream); the caller writes, flushes and closes it.
     */
    public java.io.OutputStream stream(String contentType) {
        response.status(Status.OK_200).header(HeaderNames.CONTENT_TYPE, contentType)
                .header(HeaderNames.CACHE_CONTROL, "no-cache");
        return response.outputStream();
    }

    /** A request header's first value. */
    public Optional<String> requestHeader(String name) {
        return request.headers().first(io.helidon.http.HeaderNames.create(name));
    }

    public ObjectMapper mapper() {
        return json;
    }
}
