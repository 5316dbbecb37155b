package dev.ferrum.protocol.heartbeat;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.ferrum.protocol.json.WireValues;
import java.util.Optional;

/**
 * The body of {@code POST /v1/heartbeat/<node>}: where the conductor reaches the agent
 * ({@code callbackUrl}), the agent token and version, the CA to verify the agent's TLS certificate
 * with (microversion 1.68+) and a status report (1.72+). Token and version are optional here so the
 * conductor can answer their absence with Ironic's 400 faults; absent fields are left off the wire
 * because older conductors reject keys they do not know.
 */
@JsonInclude(JsonInclude.Include.NON_ABSENT)
public record HeartbeatRequest(
        String callbackUrl,
        Optional<String> agentToken,
        Optional<String> agentVersion,
        Optional<String> agentVerifyCa,
        Optional<String> agentStatus,
        Optional<String> agentStatusMessage) {

    public HeartbeatRequest {
        WireValues.requireText(callbackUrl, "heartbeat callback_url");
        agentToken = WireValues.orEmpty(agentToken);
        agentVersion = WireValues.orEmpty(agentVersion);
        agentVerifyCa = WireValues.orEmpty(agentVerifyCa);
        agentStatus = WireValues.orEmpty(agentStatus);
        agentStatusMessage = WireValues.orEmpty(agentStatusMessage);
    }

    /** The heartbeat IPA sends on a plain-HTTP callback: url, token and version only. */
    public static HeartbeatRequest of(String callbackUrl, String agentToken, String agentVersion) {
        return new HeartbeatRequest(callbackUrl, Optional.of(agentToken), Optional.of(agentVersion),
                Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** The same heartbeat announcing the PEM CA certificate the conductor should trust for the agent. */
    public HeartbeatRequest withVerifyCa(String pemCertificate) {
        return new HeartbeatRequest(callbackUrl, agentToken, agentVersion, Optional.of(pemCertificate),
                agentStatus, agentStatusMessage);
    }

    /** The same heartbeat carrying a status report ({@code start}, {@code end}, {@code error}). */
    public HeartbeatRequest withStatus(String status, String message) {
        return new HeartbeatRequest(callbackUrl, agentToken, agentVersion, agentVerifyCa,
                Optional.of(status), Optional.ofNullable(message));
    }
}
