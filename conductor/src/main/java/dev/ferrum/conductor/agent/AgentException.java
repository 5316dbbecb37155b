package dev.ferrum.conductor.agent;

import dev.ferrum.conductor.error.ConductorException;

/** The agent could not be reached, refused a command, or answered something that is not the agent API. */
public final class AgentException extends ConductorException {

    public AgentException(String message) {
        super(message);
    }

    public AgentException(String message, Throwable cause) {
        super(message, cause);
    }
}
