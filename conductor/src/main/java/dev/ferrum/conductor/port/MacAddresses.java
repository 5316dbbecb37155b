package dev.ferrum.conductor.port;

import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.support.net.MacAddress;

/**
 * The conductor's reading of the one {@link MacAddress} type: the lenient rule (colons, dashes or none,
 * as operators and inventories send them), a refusal being the caller's error (HTTP 400) in the API's words.
 */
public final class MacAddresses {
    private MacAddresses() {
    }

    /** Normalises {@code text}; an unparseable address is the caller's error. */
    public static MacAddress parse(String text) {
        return MacAddress.parseLenient(text).orElseThrow(() -> new InvalidInputException("\"" + text
                + "\" is not a valid MAC address; expected six hex octets such as 52:54:00:12:34:56."));
    }
}
