package dev.ferrum.support.tls;

import java.nio.file.Path;

/**
 * A CA bundle that could not be used: which file, which {@link Problem}, and the reader's own words
 * ({@link #detail()}) for the caller to put in its message to the operator.
 */
public final class PemFileException extends RuntimeException {
    /** What went wrong with the file. */
    public enum Problem {
        /** Missing, unreadable, or not certificates at all (the detail says which). */
        UNREADABLE,
        /** Read fine but empty of certificates. */
        NO_CERTIFICATES
    }

    private final transient Path file;
    private final Problem problem;
    private final String detail;

    PemFileException(Path file, Problem problem, String detail, Throwable cause) {
        super("CA file " + file + ": " + detail, cause);
        this.file = file;
        this.problem = problem;
        this.detail = detail;
    }

    /** The file that was read. */
    public Path file() {
        return file;
    }

    /** What went wrong. */
    public Problem problem() {
        return problem;
    }

    /** The underlying reader's message, e.g. the missing path or the parse error. */
    public String detail() {
        return detail;
    }
}
