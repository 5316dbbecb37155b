package dev.ferrum.conductor.error;

/**
 * The database failed underneath an operation (connection lost, disk full, a migration that did not
 * apply). Not the caller's fault: retrying later may work (HTTP 503).
 */
public class StoreException extends ConductorException {

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
