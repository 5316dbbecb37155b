package dev.ferrum.agent.image.source;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How the agent talks HTTP(S) to image servers.
 *
 * @param insecure       accept any server certificate and host name ({@code ipa-insecure=1}); for labs only
 * @param caFile         PEM file of CA certificates to trust instead of the runtime's default trust store
 * @param connectTimeout how long to wait for a TCP/TLS connection
 * @param readTimeout    how long a read may block before the connection counts as dropped (and is resumed)
 */
public record HttpSourceConfig(boolean insecure, Optional<Path> caFile, Duration connectTimeout, Duration readTimeout) {

    public HttpSourceConfig {
        Objects.requireNonNull(caFile);
        Objects.requireNonNull(connectTimeout);
        Objects.requireNonNull(readTimeout);
    }

    /** Verified TLS with the default trust store, 30 s connect and 60 s read timeouts. */
    public static HttpSourceConfig defaults() {
        return new HttpSourceConfig(false, Optional.empty(), Duration.ofSeconds(30), Duration.ofSeconds(60));
    }
}
