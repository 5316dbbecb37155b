package dev.ferrum.agent.command;

import dev.ferrum.agent.AgentException;

/** A command is still running and the agent runs one at a time; the API answers 409. */
public class AgentBusyException extends AgentException {

    public AgentBusyException(String message) {
        super(message);
    }
}
