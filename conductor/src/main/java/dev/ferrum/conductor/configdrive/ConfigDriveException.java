package dev.ferrum.conductor.configdrive;

import dev.ferrum.conductor.error.InvalidInputException;

/** A config drive given as a JSON object that cannot be turned into a drive (HTTP 400 at the API). */
public final class ConfigDriveException extends InvalidInputException {

    public ConfigDriveException(String message) {
        super(message);
    }

    public ConfigDriveException(String message, Throwable cause) {
        super(message);
        initCause(cause);
    }
}
