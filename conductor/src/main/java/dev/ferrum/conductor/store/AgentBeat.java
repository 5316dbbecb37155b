package dev.ferrum.conductor.store;

import java.net.URI;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * The fields one agent heartbeat records on its node, as the store writes them: where the agent listens, what
 * it runs, when the conductor received it, and the certificate an auto-TLS agent announced.
 */
public record AgentBeat(UUID node, URI callbackUrl, String agentVersion, Instant receivedAt,
        Optional<String> agentVerifyCa) {

    public AgentBeat {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(callbackUrl, "callbackUrl");
        Objects.requireNonNull(agentVersion, "agentVersion");
        Objects.requireNonNull(receivedAt, "receivedAt");
        Objects.requireNonNull(agentVerifyCa, "agentVerifyCa");
    }

    /** How the store dealt with one heartbeat of a batch. */
    public enum Outcome {
        /** Written on the node: URL, version, time (and certificate, and the wait deadline where the state has one). */
        RECORDED,
        /** The node already records a newer heartbeat; nothing written. */
        OVERTAKEN,
        /**
         * Not written on the node (locked, its flow moves on a heartbeat, or never heartbeated before when the
         * caller gave no history entry for a first heartbeat): kept in agent_heartbeats until the caller records
         * it under the node's lock.
         */
        KEPT_FOR_LOCK
    }
}
