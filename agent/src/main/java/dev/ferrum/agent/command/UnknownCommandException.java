package dev.ferrum.agent.command;

import dev.ferrum.agent.AgentException;

/** The requested {@code extension.command} does not exist; the API answers 404 with this message. */
public class UnknownCommandException extends AgentException {

    public UnknownCommandException(String message) {
        super(message);
    }
}
