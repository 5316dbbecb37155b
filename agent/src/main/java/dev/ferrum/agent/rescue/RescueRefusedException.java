package dev.ferrum.agent.rescue;

import dev.ferrum.agent.AgentException;

/** Rescue was asked of an agent that must not, or cannot, set the password it was given. */
public final class RescueRefusedException extends AgentException {
    public RescueRefusedException(String message) {
        super(message);
    }
}
