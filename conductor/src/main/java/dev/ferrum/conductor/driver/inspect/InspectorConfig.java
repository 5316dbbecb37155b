package dev.ferrum.conductor.driver.inspect;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the remote inspection service (ironic-inspector / discoverd) listens, and whether the
 * {@code inspector} interface may use it. {@code serviceUrl} is the service's root, e.g.
 * {@code http://127.0.0.1:5050}.
 */
public record InspectorConfig(boolean enabled, Optional<URI> serviceUrl, Duration timeout) {
    public InspectorConfig {
        Objects.requireNonNull(serviceUrl, "serviceUrl");
        Objects.requireNonNull(timeout, "timeout");
        serviceUrl.ifPresent(url -> {
            if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
                throw new IllegalArgumentException("inspector service_url must be http(s)://host:port, not " + url);
            }
        });
    }

    /** Inspector not in use. */
    public static InspectorConfig disabled() {
        return new InspectorConfig(false, Optional.empty(), Duration.ofSeconds(10));
    }

    public static InspectorConfig of(URI serviceUrl) {
        return new InspectorConfig(true, Optional.of(serviceUrl), Duration.ofSeconds(10));
    }
}
