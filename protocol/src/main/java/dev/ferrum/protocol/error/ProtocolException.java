package dev.ferrum.protocol.error;

/**
 * The root of every failure the protocol module reports: a body or header a peer sent that
 * Ferrum cannot read, or a request for an API version it does not serve. Unchecked, so each tier
 * maps it to an HTTP answer in one place.
 */
public class ProtocolException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ProtocolException(String message) {
        super(message);
    }

    public ProtocolException(String message, Throwable cause) {
        super(message, cause);
    }
}
