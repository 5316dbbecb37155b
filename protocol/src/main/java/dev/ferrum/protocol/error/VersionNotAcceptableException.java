package dev.ferrum.protocol.error;

/**
 * A client asked for an API microversion outside the range the service supports, or sent a
 * version header that is not {@code major.minor} / {@code latest}. Ironic answers both with 406,
 * and so should Ferrum's conductor.
 */
public class VersionNotAcceptableException extends ProtocolException {
    private static final long serialVersionUID = 1L;

    public VersionNotAcceptableException(String message) {
        super(message);
    }

    public VersionNotAcceptableException(String message, Throwable cause) {
        super(message, cause);
    }
}
