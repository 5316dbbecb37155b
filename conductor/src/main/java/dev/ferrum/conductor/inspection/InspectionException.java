package dev.ferrum.conductor.inspection;

import dev.ferrum.conductor.error.ConductorException;

/**
 * The inspection report cannot be processed: the ramdisk failed, the data is unusable, no node or
 * several match it (400, as inspector answers), or the node is not being inspected (403).
 */
public final class InspectionException extends ConductorException {
    private final int status;

    public InspectionException(String message) {
        this(400, message);
    }

    public InspectionException(int status, String message) {
        super(message);
        this.status = status;
    }

    /** The HTTP status inspector answers this with. */
    public int status() {
        return status;
    }
}
