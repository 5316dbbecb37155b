package dev.ferrum.conductor.error;

/** The caller sent a value the conductor cannot accept (HTTP 400): a malformed MAC, an unknown sort key. */
public class InvalidInputException extends ConductorException {

    public InvalidInputException(String message) {
        super(message);
    }
}
