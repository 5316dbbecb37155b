package dev.ferrum.conductor.driver.inspect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.http.CaFileException;
import dev.ferrum.conductor.http.PemTrust;
import dev.ferrum.support.http.LiteralHostResolver;
import io.helidon.common.tls.Tls;
import io.helidon.http.HttpMediaTypes;
import io.helidon.webclient.api.HttpClientResponse;
import io.helidon.webclient.api.WebClient;
import java.io.IOException;
import java.net.URI;
import java.util.Optional;
import java.util.UUID;

/**
 * {@link InspectorClient} over HTTP with Helidon's WebClient, speaking discoverd's API: a 2xx on
 * start means accepted, the status body carries {@code finished} and {@code error}.
 */
public final class HttpInspectorClient implements InspectorClient {
    private final URI serviceUrl;
    /** Path prefix before {@code /v1}: the service URL may be given with or without it, as discoverd's docs do. */
    private final String prefix;
    private final WebClient client;
    private final ObjectMapper json = new ObjectMapper();

    public HttpInspectorClient(InspectorConfig config) {
        this.serviceUrl = config.serviceUrl().orElseThrow(() -> new DriverException(
                "the inspector interface has no service_url; configure the inspector service URL or disable it"));
        String path = serviceUrl.getPath() == null ? "" : serviceUrl.getPath().replaceAll("/+$", "");
        this.prefix = path.endsWith("/v1") ? path.substring(0, path.length() - 3) : path;
        this.client = WebClient.builder()
                .baseUri(URI.create(serviceUrl.getScheme() + "://" + serviceUrl.getRawAuthority()))
                .connectTimeout(config.timeout())
                .readTimeout(config.timeout())
                // The service URL may be an IP literal: check the certificate against the IP as written.
                .dnsResolver(new LiteralHostResolver())
                .tls(tls(config, "https".equals(serviceUrl.getScheme())))
                .build();
    }

    private static Tls tls(InspectorConfig config, boolean https) {
        if (config.caFile().isEmpty()) {
            return Tls.builder().enabled(https).build();
        }
        try {
            return Tls.builder().enabled(https).trust(PemTrust.certificates(config.caFile().get())).build();
        } catch (CaFileException e) {
            throw new DriverException("the inspector's CA file is unusable: " + e.getMessage(), e);
        }
    }

    @Override
    public void start(UUID node) {
        try (HttpClientResponse response = client.post(resource(node)).request()) {
            int status = response.status().code();
            if (status / 100 != 2) {
                throw new DriverException("node=" + node + " inspector at " + serviceUrl + " refused to start introspection"
                        + " (HTTP " + status + ": " + errorText(response) + "); check that it knows the node");
            }
        } catch (DriverException e) {
            throw e;
        } catch (RuntimeException e) {
            throw unreachable(node, e);
        }
    }

    @Override
    public IntrospectionStatus status(UUID node) {
        try (HttpClientResponse response = client.get(resource(node))
                .accept(HttpMediaTypes.JSON_UTF_8).request()) {
            int status = response.status().code();
            String body = response.entity().hasEntity() ? response.entity().as(String.class) : "";
            if (status / 100 != 2) {
                throw new DriverException("node=" + node + " inspector at " + serviceUrl + " has no introspection status"
                        + " (HTTP " + status + "); start introspection first");
            }
            JsonNode tree = json.readTree(body);
            JsonNode error = tree.path("error");
            return new IntrospectionStatus(tree.path("finished").asBoolean(false),
                    error.isTextual() && !error.asText().isBlank() ? Optional.of(error.asText()) : Optional.empty());
        } catch (DriverException e) {
            throw e;
        } catch (IOException e) {
            throw new DriverException("node=" + node + " inspector at " + serviceUrl + " sent a status that is not JSON", e);
        } catch (RuntimeException e) {
            throw unreachable(node, e);
        }
    }

    private String resource(UUID node) {
        return prefix + "/v1/introspection/" + node;
    }

    private static String errorText(HttpClientResponse response) {
        String text = response.entity().hasEntity() ? response.entity().as(String.class) : "";
        return text.length() > 200 ? text.substring(0, 200) + "…" : text;
    }

    private DriverException unreachable(UUID node, RuntimeException e) {
        return new DriverException("node=" + node + " cannot reach the inspector at " + serviceUrl + ": " + e.getMessage()
                + "; check that ironic-inspector runs and service_url is right", e);
    }
}
