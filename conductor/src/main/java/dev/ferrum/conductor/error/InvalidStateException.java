package dev.ferrum.conductor.error;

/**
 * The action is not allowed in the node's current provision state (or power/maintenance state);
 * the message names the state and what is allowed instead.
 */
public class InvalidStateException extends ConductorException {

    public InvalidStateException(String message) {
        super(message);
    }
}
