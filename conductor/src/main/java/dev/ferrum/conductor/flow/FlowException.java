package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.error.ConductorException;

/** A flow cannot go on: the agent or a driver did something the flow cannot continue from. */
public final class FlowException extends ConductorException {

    public FlowException(String message) {
        super(message);
    }
}
