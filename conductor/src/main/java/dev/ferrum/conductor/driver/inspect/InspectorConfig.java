package dev.ferrum.conductor.driver.inspect;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the remote inspection service (ironic-inspector / discoverd) listens, and whether the
 * {@code inspector} interface may use it. {@code serviceUrl} is the service's root, e.g.
 * {@code http://127.0.0.1:5050}; {@code caFile} a PEM bundle to trust for an https service instead of
 * the runtime's trust store (Ironic's {@code [inspector]cafile}).
 */
public record InspectorConfig(boolean enabled, Optional<URI> serviceUrl, Duration timeout, Optional<Path> caFile) {
    public InspectorConfig {
        Objects.requireNonNull(serviceUrl, "serviceUrl");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(caFile, "caFile");
        serviceUrl.ifPresent(url -> {
            if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
                throw new IllegalArgumentException("inspector service_url must be http(s)://host:port, not " + url);
            }
        });
    }

    /** A service checked against the runtime's trust store when it speaks https. */
    public InspectorConfig(boolean enabled, Optional<URI> serviceUrl, Duration timeout) {
        this(enabled, serviceUrl, timeout, Optional.empty());
    }

    /** Inspector not in use. */
    public static InspectorConfig disabled() {
        return new InspectorConfig(false, Optional.empty(), Duration.ofSeconds(10));
    }

    public static InspectorConfig of(URI serviceUrl) {
        return new InspectorConfig(true, Optional.of(serviceUrl), Duration.ofSeconds(10));
    }

    public InspectorConfig withCaFile(Path pem) {
        return new InspectorConfig(enabled, serviceUrl, timeout, Optional.of(pem));
    }
}
