package dev.ferrum.conductor.ramdisk;

import java.net.URI;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/** A heartbeat the conductor accepted: which node, where its agent listens, what it runs, and when. */
public record AgentHeartbeat(UUID node, URI callbackUrl, String agentVersion, Instant receivedAt) {

    public AgentHeartbeat {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(callbackUrl, "callbackUrl");
        Objects.requireNonNull(agentVersion, "agentVersion");
        Objects.requireNonNull(receivedAt, "receivedAt");
    }
}
