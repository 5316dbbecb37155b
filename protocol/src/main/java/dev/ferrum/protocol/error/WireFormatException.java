package dev.ferrum.protocol.error;

/**
 * A body or header is not what the wire contract says: not JSON, a required field missing, a value
 * of the wrong type. The message names the document, the JSON path and what was wrong, because
 * it usually ends up in a peer's 400 answer or an operator's log.
 */
public class WireFormatException extends ProtocolException {
    private static final long serialVersionUID = 1L;

    public WireFormatException(String message) {
        super(message);
    }

    public WireFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
