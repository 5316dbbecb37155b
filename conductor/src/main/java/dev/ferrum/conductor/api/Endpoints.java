package dev.ferrum.conductor.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.protocol.api.ApiHeaders;
import dev.ferrum.protocol.api.Microversion;
import io.helidon.common.media.type.MediaTypes;
import io.helidon.http.HeaderName;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import dev.ferrum.conductor.api.policy.PolicyEnforcer;
import dev.ferrum.conductor.auth.Caller;
import dev.ferrum.conductor.history.RequestUser;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Wraps every v1 handler in Ironic's request machinery: a request id, the version headers and
 * negotiation (406), authentication (401) and policy (403/404) for operator endpoints, and the one error mapping of
 * {@link ApiErrors}. The ramdisk endpoints reuse it with {@link #open}.
 */
public final class Endpoints {
    /** The request id header Ironic (oslo.middleware) sends on every answer. */
    public static final HeaderName REQUEST_ID = HeaderNames.create("Openstack-Request-Id");
    private static final HeaderName VERSION = HeaderNames.create(ApiHeaders.IRONIC_VERSION);
    private static final HeaderName MIN_VERSION = HeaderNames.create(ApiHeaders.IRONIC_MIN_VERSION);
    private static final HeaderName MAX_VERSION = HeaderNames.create(ApiHeaders.IRONIC_MAX_VERSION);
    private static final HeaderName AUTH_TOKEN = HeaderNames.create("X-Auth-Token");
    private static final HeaderName STANDARD_VERSION = HeaderNames.create("OpenStack-API-Version");

    private final ApiConfig config;
    private final ObjectMapper json;
    private final ApiErrors errors;
    private final PolicyEnforcer policy;

    /** {@code policy} authorises every operator request after {@link ApiAuth} has said who sent it. */
    public Endpoints(ApiConfig config, ObjectMapper json, PolicyEnforcer policy) {
        this.config = config;
        this.json = json;
        this.errors = new ApiErrors(json);
        this.policy = policy;
    }

    /** What a handler does with a call; it may throw any exception, mapped by {@link ApiErrors}. */
    @FunctionalInterface
    public interface CallHandler {
        void handle(ApiCall call);
    }

    /**
     * An operator endpoint: credentials required unless noauth is configured, then the route's policy
     * (the {@link dev.ferrum.conductor.api.policy.PolicyTable} row for its method and path).
     */
    public Handler operator(CallHandler handler) {
        return (req, res) -> run(req, res, true, handler);
    }

    /** A ramdisk endpoint: versioned and error-mapped like the rest, but open. */
    public Handler open(CallHandler handler) {
        return (req, res) -> run(req, res, false, handler);
    }

    /** 405 for a known path asked with a method it does not take. */
    public Handler methodNotAllowed() {
        return open(call -> {
            throw new ApiException(405, "The method is not allowed for this resource.");
        });
    }

    /** 404 for a path under /v1 that names no resource. */
    public Handler unknownRoute() {
        return (req, res) -> run(req, res, false, call -> {
            throw new ApiException(404, "The resource could not be found: " + req.path().path());
        });
    }

    /** Sends an unversioned JSON document with a request id (the root document has no version headers). */
    void sendUnversioned(ServerRequest req, ServerResponse res, CallHandler handler) {
        String requestId = requestId();
        res.header(REQUEST_ID, requestId);
        try {
            handler.handle(new ApiCall(req, res, config.versions().min(), json, config.maxBodyBytes(),
                    Caller.operator(), config.maxLimit()));
        } catch (RuntimeException failure) {
            fail(res, failure, requestId);
        }
    }

    private void run(ServerRequest req, ServerResponse res, boolean needsToken, CallHandler handler) {
        String requestId = requestId();
        res.header(REQUEST_ID, requestId);
        res.header(MIN_VERSION, config.versions().min().toString());
        res.header(MAX_VERSION, config.versions().max().toString());
        try {
            Microversion version = config.versions().negotiate(requestedVersion(req));
            res.header(VERSION, version.toString());
            Caller caller = Caller.operator();
            if (needsToken) {
                caller = authenticate(req);
            }
            ApiCall call = new ApiCall(req, res, version, json, config.maxBodyBytes(), caller, config.maxLimit());
            if (needsToken) {
                policy.authorize(call.method(), req.path().path(), caller, call::body);
            }
            RequestUser.run(userOf(caller, needsToken), () -> handler.handle(call));
        } catch (RuntimeException failure) {
            if (!res.headers().contains(VERSION)) {
                res.header(VERSION, config.versions().min().toString());
            }
            fail(res, failure, requestId);
        }
    }

    /**
     * The user the node history names for this request: Ironic records the context's {@code user_id}, which only
     * a user login has; noauth, the static tokens and the ramdisk's open endpoints name nobody.
     */
    private Optional<String> userOf(Caller caller, boolean authenticated) {
        return authenticated && config.auth() instanceof ApiAuth.HttpBasic ? Optional.of(caller.name())
                : Optional.empty();
    }

    private void fail(ServerResponse res, RuntimeException failure, String requestId) {
        if (res.isSent()) {
            // The answer is out; all that is left is to record that something broke after it.
            System.getLogger(Endpoints.class.getName()).log(System.Logger.Level.ERROR,
                    "request " + requestId + " failed after its answer was sent", failure);
            return;
        }
        if (failure instanceof BasicAuthRefusal refusal) {
            // Ironic's basic-auth middleware answers before the API and in its own shape.
            if (refusal.status() == 401) {
                res.header(HeaderNames.WWW_AUTHENTICATE, config.auth().challenge());
            }
            var body = json.createObjectNode();
            body.putObject("error").put("message", refusal.getMessage()).put("code", refusal.status());
            res.status(Status.create(refusal.status())).headers().contentType(MediaTypes.APPLICATION_JSON);
            res.send(body.toString());
            return;
        }
        ApiErrors.Answer answer = errors.answer(failure, requestId);
        if (answer.status() == 401) {
            res.header(HeaderNames.WWW_AUTHENTICATE, config.auth().challenge());
        }
        res.status(Status.create(answer.status())).headers().contentType(MediaTypes.APPLICATION_JSON);
        res.send(answer.body());
    }

    /**
     * The version asked for, read as Ironic's parser reads it: {@code OpenStack-API-Version: baremetal <v>} first,
     * then the legacy header; of comma-separated values the last counts. Empty means none (the minimum).
     */
    private static Optional<String> requestedVersion(ServerRequest req) {
        if (req.headers().contains(STANDARD_VERSION)) {
            List<String> values = new ArrayList<>();
            req.headers().all(STANDARD_VERSION, List::of).forEach(v -> values.addAll(List.of(v.split(","))));
            for (int i = values.size() - 1; i >= 0; i--) {
                String[] parts = values.get(i).strip().split("\\s+", 2);
                if (parts.length == 2 && parts[0].equalsIgnoreCase("baremetal")) {
                    return Optional.of(parts[1].strip());
                }
            }
        }
        if (!req.headers().contains(VERSION)) {
            return Optional.empty();
        }
        List<String> legacy = req.headers().all(VERSION, List::of);
        String last = legacy.isEmpty() ? "" : legacy.get(legacy.size() - 1);
        return Optional.of(last.substring(last.lastIndexOf(',') + 1).strip());
    }

    private static Optional<String> token(ServerRequest req) {
        Optional<String> header = req.headers().first(AUTH_TOKEN).map(String::strip).filter(t -> !t.isEmpty());
        if (header.isPresent()) {
            return header;
        }
        return req.headers().first(HeaderNames.AUTHORIZATION)
                .filter(v -> v.regionMatches(true, 0, "Bearer ", 0, 7))
                .map(v -> v.substring(7).strip())
                .filter(t -> !t.isEmpty());
    }

    private Caller authenticate(ServerRequest req) {
        if (config.auth() instanceof ApiAuth.HttpBasic) {
            ApiAuth.Basic basic = BasicAuthRefusal.credentials(req.headers());
            return config.auth().authenticate(new ApiAuth.Credentials(Optional.empty(), Optional.of(basic)))
                    .orElseThrow(BasicAuthRefusal::wrongCredentials);
        }
        return config.auth().authenticate(new ApiAuth.Credentials(token(req), Optional.empty()))
                .orElseThrow(() -> new ApiException(401, "Authentication required: send a valid token in"
                        + " X-Auth-Token or Authorization: Bearer."));
    }

    /**
     * A version-4 UUID as Ironic's request ids are, from a non-cryptographic generator: the id only tells
     * requests apart in logs, and UUID.randomUUID's SecureRandom showed in the heartbeat path's CPU profile.
     */
    private static String requestId() {
        java.util.concurrent.ThreadLocalRandom random = java.util.concurrent.ThreadLocalRandom.current();
        long high = (random.nextLong() & ~0xF000L) | 0x4000L;
        long low = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return "req-" + new UUID(high, low);
    }
}
