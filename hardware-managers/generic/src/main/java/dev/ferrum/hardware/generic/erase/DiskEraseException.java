package dev.ferrum.hardware.generic.erase;

import dev.ferrum.hardware.spi.HardwareManagerException;

/**
 * An erase could not be configured or carried out. Raised for invalid options (which abort the
 * whole step before any disk is touched) and, inside the engines, for one disk's failure, which
 * the orchestrator turns into that disk's report so other disks go on.
 */
public class DiskEraseException extends HardwareManagerException {

    public DiskEraseException(String message) {
        super(message);
    }

    public DiskEraseException(String message, Throwable cause) {
        super(message, cause);
    }
}
