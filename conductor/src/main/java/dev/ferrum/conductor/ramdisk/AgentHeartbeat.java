package dev.ferrum.conductor.ramdisk;

import java.net.URI;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A heartbeat the conductor accepted: which node, where its agent listens, what it runs, when, and the
 * certificate (PEM) an auto-TLS agent announced for its HTTPS callback.
 */
public record AgentHeartbeat(UUID node, URI callbackUrl, String agentVersion, Instant receivedAt,
        Optional<String> agentVerifyCa) {

    /** A heartbeat without an announced certificate. */
    public AgentHeartbeat(UUID node, URI callbackUrl, String agentVersion, Instant receivedAt) {
        this(node, callbackUrl, agentVersion, receivedAt, Optional.empty());
    }

    public AgentHeartbeat {
        Objects.requireNonNull(agentVerifyCa, "agentVerifyCa");
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(callbackUrl, "callbackUrl");
        Objects.requireNonNull(agentVersion, "agentVersion");
        Objects.requireNonNull(receivedAt, "receivedAt");
    }
}
