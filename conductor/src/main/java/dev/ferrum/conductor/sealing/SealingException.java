package dev.ferrum.conductor.sealing;

import dev.ferrum.conductor.error.StoreException;

/**
 * A sealed secret cannot be opened (no key, an unknown key id, a value that fails authentication) or a
 * key file is unusable. The message names the node or file and what the operator should do; it never
 * carries key material or a secret. Maps to 503 as other store failures: the caller cannot fix it.
 */
public final class SealingException extends StoreException {

    public SealingException(String message) {
        super(message, null);
    }

    public SealingException(String message, Throwable cause) {
        super(message, cause);
    }
}
