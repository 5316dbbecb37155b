package dev.ferrum.agent.conductor;

import dev.ferrum.agent.AgentException;

/** No HTTP answer came back from the conductor (connection refused, timeout, TLS failure). */
public class ConductorUnreachableException extends AgentException {

    public ConductorUnreachableException(String message, Throwable cause) {
        super(message, cause);
    }
}
