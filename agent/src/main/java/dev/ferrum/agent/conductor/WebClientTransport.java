package dev.ferrum.agent.conductor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.agent.config.TlsSettings;
import dev.ferrum.agent.http.PemCertificates;
import dev.ferrum.protocol.error.ErrorBodies;
import dev.ferrum.support.http.LiteralHostResolver;
import io.helidon.common.tls.Tls;
import io.helidon.http.HeaderNames;
import io.helidon.http.HttpMediaTypes;
import io.helidon.webclient.api.HttpClientRequest;
import io.helidon.webclient.api.HttpClientResponse;
import io.helidon.webclient.api.WebClient;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link ConductorTransport} over Helidon's WebClient, one client per base URL. TLS follows the
 * agent's settings: {@code ipa-insecure} trusts any certificate, a CA file replaces the system
 * trust store. Certificates are checked against the host as written in {@code ipa-api-url}, also when
 * that is an IP literal (see {@link LiteralHostResolver}).
 */
public final class WebClientTransport implements ConductorTransport {
    private final TlsSettings tls;
    private final Duration timeout;
    private final ErrorBodies errors;
    private final Map<URI, WebClient> clients = new ConcurrentHashMap<>();

    private final ObjectMapper json;

    public WebClientTransport(TlsSettings tls, Duration timeout, ObjectMapper json) {
        this.tls = tls;
        this.timeout = timeout;
        this.errors = new ErrorBodies(json);
        this.json = json;
    }

    @Override
    public ConductorReply get(URI base, String pathAndQuery, Map<String, String> headers) {
        int query = pathAndQuery.indexOf('?');
        String path = query < 0 ? pathAndQuery : pathAndQuery.substring(0, query);
        HttpClientRequest request = client(base).get(path);
        if (query >= 0) {
            // The client encodes query values itself; handing it the raw string would encode twice.
            for (String pair : pathAndQuery.substring(query + 1).split("&")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int equals = pair.indexOf('=');
                String name = URLDecoder.decode(equals < 0 ? pair : pair.substring(0, equals), StandardCharsets.UTF_8);
                String value = equals < 0 ? "" : URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
                request.queryParam(name, value);
            }
        }
        return send(base, path, request, headers, Optional.empty());
    }

    @Override
    public ConductorReply post(URI base, String path, Map<String, String> headers, byte[] jsonBody) {
        return send(base, path, client(base).post(path), headers, Optional.of(jsonBody));
    }

    private ConductorReply send(URI base, String path, HttpClientRequest request, Map<String, String> headers,
            Optional<byte[]> body) {
        headers.forEach((name, value) -> request.header(HeaderNames.create(name), value));
        request.accept(HttpMediaTypes.JSON_UTF_8);
        try (HttpClientResponse response = body.isPresent()
                ? request.contentType(HttpMediaTypes.JSON_UTF_8).submit(body.get())
                : request.request()) {
            int status = response.status().code();
            String text = response.entity().hasEntity() ? response.entity().as(String.class) : "";
            return new ConductorReply(status, text, status >= 400 ? errorMessage(status, text) : Optional.empty());
        } catch (RuntimeException e) {
            throw new ConductorUnreachableException("cannot reach " + base + stripQuery(path) + ": " + e.getMessage(), e);
        }
    }

    private Optional<String> errorMessage(int status, String text) {
        if (text.isBlank()) {
            return Optional.empty();
        }
        try {
            JsonNode body = json.readTree(text);
            return Optional.of(errors.read(status, body).faultstring()).filter(s -> !s.isBlank());
        } catch (Exception notAnErrorBody) {
            return Optional.of(text.length() > 200 ? text.substring(0, 200) + "…" : text);
        }
    }

    /** Query strings may carry tokens; they never go into messages. */
    private static String stripQuery(String path) {
        int query = path.indexOf('?');
        return query < 0 ? path : path.substring(0, query);
    }

    private WebClient client(URI base) {
        return clients.computeIfAbsent(base, uri -> WebClient.builder()
                .baseUri(uri)
                .connectTimeout(timeout)
                .readTimeout(timeout)
                .followRedirects(false)
                .dnsResolver(new LiteralHostResolver())
                .tls(tlsFor(uri))
                .build());
    }

    private Tls tlsFor(URI uri) {
        if (!"https".equals(uri.getScheme())) {
            return Tls.builder().enabled(false).build();
        }
        var builder = Tls.builder();
        if (tls.insecure()) {
            builder.trustAll(true).endpointIdentificationAlgorithm(Tls.ENDPOINT_IDENTIFICATION_NONE);
        }
        // ipa-cafile is a PEM bundle, not a keystore.
        tls.caFile().ifPresent(ca -> builder.trust(PemCertificates.read(ca)));
        return builder.build();
    }
}
