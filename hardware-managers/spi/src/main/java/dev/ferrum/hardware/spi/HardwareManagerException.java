package dev.ferrum.hardware.spi;

/** Root of every error the hardware-manager layer raises. */
public class HardwareManagerException extends RuntimeException {

    public HardwareManagerException(String message) {
        super(message);
    }

    public HardwareManagerException(String message, Throwable cause) {
        super(message, cause);
    }
}
