package dev.ferrum.conductor.driver;

import dev.ferrum.conductor.error.ConductorException;

/**
 * A driver could not do what was asked of a node's hardware or its boot: a BMC refused or did not
 * answer, a node's driver_info is incomplete. The message says what to check; it never carries a
 * secret.
 */
public class DriverException extends ConductorException {

    public DriverException(String message) {
        super(message);
    }

    public DriverException(String message, Throwable cause) {
        super(message, cause);
    }
}
