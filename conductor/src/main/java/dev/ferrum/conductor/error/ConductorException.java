package dev.ferrum.conductor.error;

/**
 * The root of every error the conductor raises on purpose. The API layer maps each subclass to one
 * HTTP status in one place; the message is written for the operator and says what to do next.
 */
public abstract class ConductorException extends RuntimeException {

    protected ConductorException(String message) {
        super(message);
    }

    protected ConductorException(String message, Throwable cause) {
        super(message, cause);
    }
}
