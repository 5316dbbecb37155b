package dev.ferrum.conductor.error;

/**
 * The request collides with the current stored state (HTTP 409): a duplicate name or address, a
 * stale version, a node locked by another conductor.
 */
public class ConflictException extends ConductorException {

    public ConflictException(String message) {
        super(message);
    }
}
