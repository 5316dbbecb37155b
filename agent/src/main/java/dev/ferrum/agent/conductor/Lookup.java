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
 */
public record Lookup(URI apiUrl, Microversion version, String nodeUuid, LookupNode node, LookupConfig config,
        boolean legacy) {

    public Duration heartbeatTimeout() {
        return Duration.ofSeconds(Math.max(1, config.heartbeatTimeout()));
    }
}
