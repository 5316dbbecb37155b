package dev.ferrum.conductor.http;

import dev.ferrum.conductor.error.ConductorException;

/** A CA file the conductor was told to trust is missing, unreadable or holds no PEM certificates. */
public final class CaFileException extends ConductorException {

    public CaFileException(String message) {
        super(message);
    }

    public CaFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
