package dev.ferrum.agent.conductor;

import dev.ferrum.protocol.api.Microversion;
import dev.ferrum.protocol.lookup.LookupConfig;
import dev.ferrum.protocol.lookup.LookupNode;
import java.net.URI;
import java.time.Duration;

/**
 * The outcome of a successful lookup: which conductor endpoint answered, the microversion to speak
 * to it, the node this machine is, and the agent configuration the conductor sent.
 *
 * @param legacy true when the conductor only has the agent-driver seed's vendor_passthru endpoints
 * @param conductorMax the newest microversion the conductor speaks (its root document's)
 */
public record Lookup(URI apiUrl, Microversion version, String nodeUuid, LookupNode node, LookupConfig config,
        boolean legacy, Microversion conductorMax) {

    /** The microversion that brought {@code agent_verify_ca} to the heartbeat, and so auto-TLS. */
    public static final Microversion AUTO_TLS = Microversion.of(1, 68);

    /** Whether the conductor can be told the agent's certificate in the heartbeat. */
    public boolean conductorTakesAgentCertificate() {
        return !legacy && conductorMax.isAtLeast(AUTO_TLS);
    }

    public Duration heartbeatTimeout() {
        return Duration.ofSeconds(Math.max(1, config.heartbeatTimeout()));
    }
}
