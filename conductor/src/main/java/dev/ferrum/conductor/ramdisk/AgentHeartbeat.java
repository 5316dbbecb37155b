package dev.ferrum.conductor.ramdisk;

import dev.ferrum.conductor.agent.AgentTokenTransport;
import dev.ferrum.conductor.node.AgentToken;
import java.net.URI;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A heartbeat the conductor accepted: which node, where its agent listens, what it runs, when, the
 * certificate (PEM) an auto-TLS agent announced for its HTTPS callback, and the token it proved itself
 * with (masked in {@code toString}), so a heartbeat recorded later under the node's lock can tell whether
 * the agent that sent it is still the node's (a reboot into a new ramdisk forgets the old token); and where
 * the agent reads its token, as the heartbeat announced (empty for one a previous run kept: not known).
 */
public record AgentHeartbeat(UUID node, URI callbackUrl, String agentVersion, Instant receivedAt,
        Optional<String> agentVerifyCa, Optional<AgentToken> token, Optional<AgentTokenTransport> tokenTransport) {

    /** A heartbeat whose announced token transport is not known. */
    public AgentHeartbeat(UUID node, URI callbackUrl, String agentVersion, Instant receivedAt,
            Optional<String> agentVerifyCa, Optional<AgentToken> token) {
        this(node, callbackUrl, agentVersion, receivedAt, agentVerifyCa, token, Optional.empty());
    }

    /** A heartbeat without an announced certificate or a token to check again. */
    public AgentHeartbeat(UUID node, URI callbackUrl, String agentVersion, Instant receivedAt) {
        this(node, callbackUrl, agentVersion, receivedAt, Optional.empty(), Optional.empty());
    }

    /** A heartbeat whose token is not checked again when it is recorded (one a previous run kept). */
    public AgentHeartbeat(UUID node, URI callbackUrl, String agentVersion, Instant receivedAt,
            Optional<String> agentVerifyCa) {
        this(node, callbackUrl, agentVersion, receivedAt, agentVerifyCa, Optional.empty());
    }

    public AgentHeartbeat {
        Objects.requireNonNull(agentVerifyCa, "agentVerifyCa");
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(tokenTransport, "tokenTransport");
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(callbackUrl, "callbackUrl");
        Objects.requireNonNull(agentVersion, "agentVersion");
        Objects.requireNonNull(receivedAt, "receivedAt");
    }
}
