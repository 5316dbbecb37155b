package dev.ferrum.conductor.auth;

import dev.ferrum.conductor.error.ConductorException;

/** An htpasswd or roles file that cannot be read or has a line that means nothing; says file and line. */
public final class AuthFileException extends ConductorException {
    public AuthFileException(String message) {
        super(message);
    }

    public AuthFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
