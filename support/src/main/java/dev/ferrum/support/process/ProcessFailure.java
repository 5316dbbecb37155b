package dev.ferrum.support.process;

/**
 * A program that did not run to its end. Each module words the failure for its own users (a driver
 * error, an image-build error, a hardware-manager command error), so this carries the {@link Kind}
 * and the underlying message rather than finished prose.
 */
public final class ProcessFailure extends RuntimeException {
    /** Why the program did not finish. */
    public enum Kind {
        /** It could not be started (not installed, not executable); the detail is the OS's reason. */
        CANNOT_START,
        /** It overran its timeout and was killed. */
        TIMED_OUT,
        /** The waiting thread was interrupted; the program was killed. */
        INTERRUPTED,
        /** Its output could not be read; the detail is the reason. */
        OUTPUT_UNREADABLE
    }

    private final Kind kind;
    private final String detail;

    ProcessFailure(ProcessSpec spec, Kind kind, String detail, Throwable cause) {
        super(spec.program() + ": " + kind + (detail.isEmpty() ? "" : " (" + detail + ")"), cause);
        this.kind = kind;
        this.detail = detail;
    }

    /** Why it did not finish. */
    public Kind kind() {
        return kind;
    }

    /** The underlying reason's message; empty for a timeout or an interrupt. */
    public String detail() {
        return detail;
    }
}
