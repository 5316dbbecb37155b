package dev.ferrum.conductor.agent;

import dev.ferrum.conductor.node.AgentToken;
import dev.ferrum.conductor.node.Node;
import java.net.URI;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * Where a node's agent listens, the token it accepts, and the certificate (PEM) its auto-TLS server presents,
 * as its heartbeats told the conductor; with a certificate, the conductor trusts that one alone for this agent.
 */
public record AgentEndpoint(UUID node, URI url, Optional<AgentToken> token, Optional<String> pinnedCertificate) {

    public AgentEndpoint {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(pinnedCertificate, "pinnedCertificate");
    }

    /** An endpoint verified as the conductor's configured trust says (no pinned certificate). */
    public AgentEndpoint(UUID node, URI url, Optional<AgentToken> token) {
        this(node, url, token, Optional.empty());
    }

    /** The endpoint a node's last heartbeat recorded; {@link AgentException} when none did. */
    public static AgentEndpoint of(Node node) {
        URI url = node.internal().agentUrl().orElseThrow(() -> new AgentException("node=" + node.uuid()
                + " has no agent URL: the ramdisk has not heartbeated yet; wait for it or check its network"));
        return new AgentEndpoint(node.uuid(), url, node.internal().agentToken(), node.internal().agentVerifyCa());
    }
}
