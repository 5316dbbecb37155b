package dev.ferrum.protocol.heartbeat;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.ferrum.protocol.json.WireValues;
import java.util.Optional;

/**
 * The agent-driver era heartbeat, {@code POST /v1/nodes/<uuid>/vendor_passthru/heartbeat}: the URL the
 * conductor reaches the agent at. No token or version existed then; an agent that has them may add
 * {@code agent_token} and {@code agent_version} (left off the wire when absent, as the spec shows it).
 */
@JsonInclude(JsonInclude.Include.NON_ABSENT)
public record LegacyHeartbeatRequest(String agentUrl, Optional<String> agentToken, Optional<String> agentVersion) {

    public LegacyHeartbeatRequest {
        WireValues.requireText(agentUrl, "legacy heartbeat agent_url");
        agentToken = WireValues.orEmpty(agentToken);
        agentVersion = WireValues.orEmpty(agentVersion);
    }

    /** The heartbeat as the spec has it: the agent's URL alone. */
    public LegacyHeartbeatRequest(String agentUrl) {
        this(agentUrl, Optional.empty(), Optional.empty());
    }
}
