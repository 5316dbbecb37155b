package dev.ferrum.conductor.agent;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How the conductor talks to agents: how long it waits to connect and for an answer (a synchronous
 * command such as {@code get_clean_steps} is answered only when it finished, so the read timeout bounds
 * it), and which CAs it trusts for {@code https://} agents (a PEM bundle; empty = the runtime's trust store).
 */
public record AgentClientConfig(Duration connectTimeout, Duration readTimeout, Optional<Path> caFile) {

    public AgentClientConfig {
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(readTimeout, "readTimeout");
        Objects.requireNonNull(caFile, "caFile");
    }

    /** Timeouts only; HTTPS agents are checked against the runtime's trust store. */
    public AgentClientConfig(Duration connectTimeout, Duration readTimeout) {
        this(connectTimeout, readTimeout, Optional.empty());
    }

    /** Ironic's defaults: a short connect, and 60 s for a synchronous command to finish. */
    public static AgentClientConfig defaults() {
        return new AgentClientConfig(Duration.ofSeconds(10), Duration.ofSeconds(60));
    }

    public AgentClientConfig withCaFile(Path pem) {
        return new AgentClientConfig(connectTimeout, readTimeout, Optional.of(pem));
    }
}
