package dev.ferrum.conductor.api;

import dev.ferrum.conductor.error.ConductorException;

/**
 * A failure the HTTP layer itself detects, with its status: no or wrong token (401), a body too large
 * (413), no such route (404), a method the route does not take (405), an unacceptable media type.
 */
public final class ApiException extends ConductorException {
    private final int status;

    public ApiException(int status, String message) {
        super(message);
        this.status = status;
    }

    public int status() {
        return status;
    }
}
