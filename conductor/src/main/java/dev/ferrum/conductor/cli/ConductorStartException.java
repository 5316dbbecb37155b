package dev.ferrum.conductor.cli;

import dev.ferrum.conductor.error.ConductorException;

/** The conductor cannot start as configured (its port is taken, a directory cannot be made); the message says why. */
public final class ConductorStartException extends ConductorException {
    public ConductorStartException(String message) {
        super(message);
    }

    public ConductorStartException(String message, Throwable cause) {
        super(message, cause);
    }
}
