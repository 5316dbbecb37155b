package dev.ferrum.support.tls;

/**
 * PEM text handed over in memory (an agent's {@code agent_verify_ca}) that holds no readable X.509
 * certificate; {@link #detail()} is the reader's own words for the caller's message.
 */
public final class PemTextException extends RuntimeException {
    private final String detail;

    PemTextException(String detail, Throwable cause) {
        super("PEM text: " + detail, cause);
        this.detail = detail;
    }

    /** The underlying reader's message, e.g. the parse error. */
    public String detail() {
        return detail;
    }
}
