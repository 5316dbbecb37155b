package dev.ferrum.conductor.node;

import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * What a heartbeat is checked against before it is accepted: the node's agent token and the certificate
 * its agent pinned ({@code agent_verify_ca}). Read on its own, without the rest of the node, because every
 * heartbeat of every agent needs it and nothing else of the node.
 */
public record AgentCredentials(UUID node, Optional<AgentToken> token, Optional<String> agentVerifyCa) {

    public AgentCredentials {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(agentVerifyCa, "agentVerifyCa");
    }

    /** Whether {@code presented} is the node's token; a node holding none matches nothing. */
    public boolean tokenMatches(String presented) {
        return token.filter(t -> t.matches(presented)).isPresent();
    }
}
