package dev.ferrum.pxe;

/**
 * Root of every error the PXE module raises (rejected boot parameters, unreadable boot files,
 * failed writes of dnsmasq files); the message says what was wrong and what to do instead.
 */
public class PxeException extends RuntimeException {

    public PxeException(String message) {
        super(message);
    }

    public PxeException(String message, Throwable cause) {
        super(message, cause);
    }
}
