package dev.ferrum.protocol.heartbeat;

import dev.ferrum.protocol.json.WireValues;

/**
 * The agent-driver era heartbeat, {@code POST /v1/nodes/<uuid>/vendor_passthru/heartbeat}: only the
 * URL the conductor reaches the agent at. No token existed then.
 */
public record LegacyHeartbeatRequest(String agentUrl) {

    public LegacyHeartbeatRequest {
        WireValues.requireText(agentUrl, "legacy heartbeat agent_url");
    }
}
