package dev.ferrum.hardware.spi;

/**
 * A step's arguments or a node field it reads do not fit the declared type; the message names the
 * step or field and why, so the operator can fix the request.
 */
public class StepArgumentException extends HardwareManagerException {

    public StepArgumentException(String message, Throwable cause) {
        super(message, cause);
    }
}
