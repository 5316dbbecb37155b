package dev.ferrum.conductor.agent;

import dev.ferrum.protocol.api.ApiHeaders;
import java.util.Optional;

/**
 * Where an agent reads its token from: {@code Authorization: Bearer} (Ferrum's agent, which says so with
 * {@link ApiHeaders#AGENT_TOKEN_TRANSPORT} on its heartbeats and its root document) or {@code ?agent_token=},
 * the only form stock ironic-python-agent reads.
 */
public enum AgentTokenTransport {
    BEARER_HEADER, QUERY_PARAMETER;

    /**
     * What an agent's announcement (the header's value, if it sent one) says: an agent that announces nothing
     * reads the query parameter, as stock IPA does and Ferrum's agent also does.
     */
    public static AgentTokenTransport announced(Optional<String> headerValue) {
        return headerValue.map(String::strip).filter(ApiHeaders.BEARER::equalsIgnoreCase).isPresent()
                ? BEARER_HEADER : QUERY_PARAMETER;
    }
}
