package dev.ferrum.conductor.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.error.ConflictException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.InvalidStateException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.error.StoreException;
import dev.ferrum.protocol.error.ErrorBodies;
import dev.ferrum.protocol.error.Fault;
import dev.ferrum.protocol.error.ProtocolException;
import dev.ferrum.protocol.error.VersionNotAcceptableException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The one place a failure becomes an HTTP answer: each exception type maps to one status and to
 * Ironic's {@code {"error_message": "<fault as a JSON string>"}}. Client mistakes are not logged
 * (they are answered); server faults are logged once here with the request id.
 */
public final class ApiErrors {
    private static final System.Logger LOG = System.getLogger(ApiErrors.class.getName());

    private final ObjectMapper json;
    private final ErrorBodies bodies;

    public ApiErrors(ObjectMapper json) {
        this.json = json;
        this.bodies = new ErrorBodies(json);
    }

    /** A status and the body to send with it. */
    public record Answer(int status, byte[] body) {
    }

    /** The answer for {@code failure} on the request {@code requestId}. */
    public Answer answer(Throwable failure, String requestId) {
        int status = statusOf(failure);
        String message = failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
        if (status >= 500) {
            LOG.log(System.Logger.Level.ERROR, "request " + requestId + " failed: " + message, failure);
            // A handler's own ApiException says what it means to say (Ironic's AllocationFailed is a 500 with its
            // reason); anything else unexpected keeps its details in the log.
            if (!(failure instanceof StoreException) && !(failure instanceof ApiException)) {
                message = "The conductor failed to handle the request (" + requestId + "); the conductor log has the"
                        + " details.";
            }
        }
        Fault fault = new Fault(Fault.codeFor(status), message, Optional.empty());
        return new Answer(status, ironicBody(fault).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Ironic's body byte for byte: Python's {@code json.dumps} separators (", ", ": ") on the outer
     * object too, so clients and tests that compare raw bodies see stock Ironic's text.
     */
    String ironicBody(Fault fault) {
        try {
            return "{\"error_message\": " + json.writeValueAsString(bodies.ironicErrorMessage(fault)) + "}";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an error body could not be serialised", e);
        }
    }

    /** The HTTP status Ironic answers for this kind of failure. */
    public static int statusOf(Throwable failure) {
        return switch (failure) {
            case ApiException api -> api.status();
            case VersionNotAcceptableException notAcceptable -> 406;
            case NotFoundException notFound -> 404;
            case dev.ferrum.conductor.error.ForbiddenException forbidden -> 403;
            case ConflictException conflict -> 409;
            case InvalidInputException invalid -> 400;
            case InvalidStateException wrongState -> 400;
            case StoreException store -> 503;
            case ProtocolException unreadable -> 400;
            default -> 500;
        };
    }
}
