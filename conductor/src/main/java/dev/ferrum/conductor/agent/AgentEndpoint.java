package dev.ferrum.conductor.agent;

import dev.ferrum.conductor.node.AgentToken;
import dev.ferrum.conductor.node.Node;
import java.net.URI;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/** Where a node's agent listens and the token it accepts, as its heartbeats told the conductor. */
public record AgentEndpoint(UUID node, URI url, Optional<AgentToken> token) {

    public AgentEndpoint {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(token, "token");
    }

    /** The endpoint a node's last heartbeat recorded; {@link AgentException} when none did. */
    public static AgentEndpoint of(Node node) {
        URI url = node.internal().agentUrl().orElseThrow(() -> new AgentException("node=" + node.uuid()
                + " has no agent URL: the ramdisk has not heartbeated yet; wait for it or check its network"));
        return new AgentEndpoint(node.uuid(), url, node.internal().agentToken());
    }
}
