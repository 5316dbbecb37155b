package dev.ferrum.conductor.agent;

import java.time.Duration;
import java.util.Objects;

/**
 * How long the conductor waits on an agent: to connect, and for an answer (a synchronous command such
 * as {@code get_clean_steps} is answered only when it finished, so the read timeout bounds it).
 */
public record AgentClientConfig(Duration connectTimeout, Duration readTimeout) {

    public AgentClientConfig {
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(readTimeout, "readTimeout");
    }

    /** Ironic's defaults: a short connect, and 60 s for a synchronous command to finish. */
    public static AgentClientConfig defaults() {
        return new AgentClientConfig(Duration.ofSeconds(10), Duration.ofSeconds(60));
    }
}
