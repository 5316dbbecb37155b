package dev.ferrum.conductor.driver.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.http.CaFileException;
import dev.ferrum.conductor.http.PemTrust;
import dev.ferrum.support.http.LiteralHostResolver;
import io.helidon.common.tls.Tls;
import io.helidon.http.HeaderNames;
import io.helidon.http.HttpMediaTypes;
import io.helidon.http.Method;
import io.helidon.webclient.api.HttpClientRequest;
import io.helidon.webclient.api.HttpClientResponse;
import io.helidon.webclient.api.WebClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Talks JSON to a Redfish service over Helidon's WebClient, authenticating per the target: a
 * session ({@code POST /redfish/v1/SessionService/Sessions}, then {@code X-Auth-Token}, logging in
 * again once when the service answers 401) or HTTP basic auth. One client per service address and
 * TLS choice; session tokens are kept per address and user, in memory only. Requests to one service are
 * serialised (BMCs answer concurrent requests badly), and those it could not take are retried with doubling
 * backoff ({@link RedfishRetry}).
 */
public final class RedfishClient {
    static final String SESSIONS = "/redfish/v1/SessionService/Sessions";
    private static final com.fasterxml.jackson.databind.node.JsonNodeFactory NODES =
            com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;

    private final RedfishConfig config;
    private final ObjectMapper json = new ObjectMapper();
    private final Map<String, WebClient> clients = new ConcurrentHashMap<>();
    private final Map<String, String> tokens = new ConcurrentHashMap<>();
    private final RedfishRetry retry;

    public RedfishClient(RedfishConfig config) {
        this.config = config;
        this.retry = new RedfishRetry(config.attempts(), config.initialBackoff());
    }

    /** A JSON answer and its status. */
    record Reply(int status, JsonNode body) {
    }

    /** GETs a resource; a non-2xx answer is a DriverException naming the path. */
    public JsonNode get(RedfishTarget target, String path) {
        Reply reply = send(target, Method.GET, path, Optional.empty());
        if (reply.status() == 404) {
            throw new DriverException("Redfish service " + target.address() + " has no resource " + path
                    + "; check driver_info.redfish_system_id (or leave it unset when the service has one System)");
        }
        requireSuccess(target, "GET", path, reply);
        return reply.body();
    }

    /** POSTs {@code body} to an action or collection. */
    public void post(RedfishTarget target, String path, ObjectNode body) {
        requireSuccess(target, "POST", path, send(target, Method.POST, path, Optional.of(body)));
    }

    /** PATCHes a resource with {@code body}. */
    public void patch(RedfishTarget target, String path, ObjectNode body) {
        requireSuccess(target, "PATCH", path, send(target, Method.PATCH, path, Optional.of(body)));
    }

    /** An empty JSON object to fill in. */
    public static ObjectNode object() {
        return NODES.objectNode();
    }

    private Reply send(RedfishTarget target, Method method, String path, Optional<ObjectNode> body) {
        return retry.call(target.address().toString(), method + " " + path, () -> authenticated(target, method, path,
                body), Reply::status);
    }

    private Reply authenticated(RedfishTarget target, Method method, String path, Optional<ObjectNode> body) {
        Reply reply = once(target, method, path, body);
        if (reply.status() == 401 && target.authType() == RedfishTarget.AuthType.SESSION) {
            // The session expired or the service restarted: log in again, once.
            tokens.remove(tokenKey(target));
            reply = once(target, method, path, body);
        }
        if (reply.status() == 401 || reply.status() == 403) {
            throw refused(target);
        }
        return reply;
    }

    private Reply once(RedfishTarget target, Method method, String path, Optional<ObjectNode> body) {
        HttpClientRequest request = client(target).method(method).uri(path);
        if (target.authType() == RedfishTarget.AuthType.BASIC) {
            String pair = target.username() + ":" + target.password();
            request.header(HeaderNames.AUTHORIZATION, "Basic "
                    + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8)));
        } else {
            request.header(HeaderNames.create("X-Auth-Token"), token(target));
        }
        return exchange(target, request, body);
    }

    private String token(RedfishTarget target) {
        String existing = tokens.get(tokenKey(target));
        if (existing != null) {
            return existing;
        }
        ObjectNode credentials = object().put("UserName", target.username()).put("Password", target.password());
        HttpClientRequest request = client(target).post(SESSIONS);
        try (HttpClientResponse response = request.contentType(HttpMediaTypes.JSON_UTF_8)
                .submit(json.writeValueAsBytes(credentials))) {
            int status = response.status().code();
            if (status == 401 || status == 403 || status == 400) {
                throw refused(target);
            }
            if (status / 100 != 2) {
                throw new DriverException("Redfish service " + target.address() + " answered HTTP " + status
                        + " to a session login; set driver_info.redfish_auth_type=basic if it has no SessionService");
            }
            String token = response.headers().first(HeaderNames.create("X-Auth-Token")).orElseThrow(() ->
                    new DriverException("Redfish service " + target.address() + " created a session without an "
                            + "X-Auth-Token; set driver_info.redfish_auth_type=basic"));
            tokens.put(tokenKey(target), token);
            return token;
        } catch (IOException e) {
            throw new DriverException("cannot encode a Redfish login", e);
        } catch (DriverException e) {
            throw e;
        } catch (RuntimeException e) {
            throw unreachable(target, e);
        }
    }

    private Reply exchange(RedfishTarget target, HttpClientRequest request, Optional<ObjectNode> body) {
        request.accept(HttpMediaTypes.JSON_UTF_8);
        try (HttpClientResponse response = body.isPresent()
                ? request.contentType(HttpMediaTypes.JSON_UTF_8).submit(json.writeValueAsBytes(body.get()))
                : request.request()) {
            int status = response.status().code();
            String text = response.entity().hasEntity() ? response.entity().as(String.class) : "";
            JsonNode tree = text.isBlank() ? object() : parse(text);
            return new Reply(status, tree);
        } catch (IOException e) {
            throw new DriverException("cannot encode a Redfish request", e);
        } catch (RuntimeException e) {
            throw unreachable(target, e);
        }
    }

    private JsonNode parse(String text) {
        try {
            return json.readTree(text);
        } catch (IOException notJson) {
            return object().put("error", text.length() > 200 ? text.substring(0, 200) : text);
        }
    }

    private static void requireSuccess(RedfishTarget target, String method, String path, Reply reply) {
        if (reply.status() / 100 != 2) {
            String message = reply.body().path("error").path("message").asText(reply.body().path("error").asText(""));
            throw new DriverException("Redfish service " + target.address() + " refused " + method + " " + path
                    + " with HTTP " + reply.status() + (message.isBlank() ? "" : ": " + message));
        }
    }

    private static DriverException refused(RedfishTarget target) {
        return new DriverException("Redfish service " + target.address() + " refused the credentials for user "
                + target.username() + "; check driver_info.redfish_username/redfish_password");
    }

    private static DriverException unreachable(RedfishTarget target, RuntimeException e) {
        return new DriverException("cannot reach Redfish service " + target.address() + ": " + e.getMessage()
                + "; check driver_info.redfish_address and, for https, redfish_verify_ca", e);
    }

    private static String tokenKey(RedfishTarget target) {
        return target.address() + "|" + target.username();
    }

    private WebClient client(RedfishTarget target) {
        return clients.computeIfAbsent(target.address() + "|" + target.verifyCa(), key -> {
            boolean https = "https".equals(target.address().getScheme());
            Tls tls = switch (target.verifyCa()) {
                case RedfishTarget.CaVerification.SystemTrust system -> Tls.builder().enabled(https).build();
                case RedfishTarget.CaVerification.Off off -> Tls.builder().enabled(https).trustAll(true)
                        .endpointIdentificationAlgorithm(Tls.ENDPOINT_IDENTIFICATION_NONE).build();
                case RedfishTarget.CaVerification.CaBundle bundle -> caBundle(target, bundle.pem(), https);
            };
            return WebClient.builder()
                    .baseUri(target.address())
                    .connectTimeout(config.timeout())
                    .readTimeout(config.timeout())
                    .followRedirects(false)
                    // BMC addresses are often IP literals: check the certificate against the IP as written.
                    .dnsResolver(new LiteralHostResolver())
                    .tls(tls)
                    .build();
        });
    }

    private static Tls caBundle(RedfishTarget target, java.nio.file.Path pem, boolean https) {
        try {
            return Tls.builder().enabled(https).trust(PemTrust.certificates(pem)).build();
        } catch (CaFileException e) {
            throw new DriverException("Redfish service " + target.address() + ": driver_info.redfish_verify_ca is"
                    + " unusable: " + e.getMessage(), e);
        }
    }
}
