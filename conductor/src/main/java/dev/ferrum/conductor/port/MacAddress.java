package dev.ferrum.conductor.port;

import dev.ferrum.conductor.error.InvalidInputException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A 48-bit Ethernet MAC address in its one canonical spelling, lower-case and colon-separated
 * ({@code 52:54:00:12:34:56}); accepts colons, dashes or none on the way in.
 */
public record MacAddress(String value) {
    private static final Pattern CANONICAL = Pattern.compile("([0-9a-f]{2}:){5}[0-9a-f]{2}");
    private static final Pattern SEPARATED = Pattern.compile("[0-9a-fA-F]{2}([:-][0-9a-fA-F]{2}){5}");
    private static final Pattern BARE = Pattern.compile("[0-9a-fA-F]{12}");

    public MacAddress {
        if (value == null || !CANONICAL.matcher(value).matches()) {
            throw new InvalidInputException("\"" + value + "\" is not a canonical MAC address; use MacAddress.parse");
        }
    }

    /** Normalises {@code text}; an unparseable address is the caller's error. */
    public static MacAddress parse(String text) {
        String trimmed = text == null ? "" : text.strip();
        String hex;
        if (SEPARATED.matcher(trimmed).matches()) {
            hex = trimmed.replaceAll("[:-]", "");
        } else if (BARE.matcher(trimmed).matches()) {
            hex = trimmed;
        } else {
            throw new InvalidInputException("\"" + text + "\" is not a valid MAC address; expected six hex octets"
                    + " such as 52:54:00:12:34:56.");
        }
        StringBuilder canonical = new StringBuilder(17);
        for (int i = 0; i < 12; i += 2) {
            if (i > 0) {
                canonical.append(':');
            }
            canonical.append(hex, i, i + 2);
        }
        return new MacAddress(canonical.toString().toLowerCase(Locale.ROOT));
    }

    @Override
    public String toString() {
        return value;
    }
}
