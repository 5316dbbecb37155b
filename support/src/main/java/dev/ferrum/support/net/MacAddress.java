package dev.ferrum.support.net;

import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A 48-bit Ethernet MAC address, held in its canonical form: lower case, colon separated
 * ({@code 52:54:00:12:34:56}), the form Ironic stores in a port's {@code address}. Every module uses
 * this one type; a module that refuses a spelling wraps the empty answer of {@link #parse} or
 * {@link #parseLenient} in its own exception with its own wording.
 *
 * <p>Two reading rules, because the two kinds of input differ: {@link #parse} reads what boot
 * firmware and file names produce, where anything else (a URL segment such as {@code default}) must
 * not be taken for an address; {@link #parseLenient} reads what an operator or an inventory hands
 * the conductor, which Ironic's API normalises the same forgiving way.
 */
public record MacAddress(String value) {
    private static final Pattern CANONICAL = Pattern.compile("([0-9a-f]{2}:){5}[0-9a-f]{2}");
    private static final Pattern SEPARATED = Pattern.compile("[0-9a-fA-F]{2}([:-][0-9a-fA-F]{2}){5}");
    private static final Pattern BARE = Pattern.compile("[0-9a-fA-F]{12}");

    /** Takes only the canonical form; an {@link IllegalArgumentException} otherwise (use a parse method). */
    public MacAddress {
        if (value == null || !CANONICAL.matcher(value).matches()) {
            throw new IllegalArgumentException("'" + value + "' is not a MAC address in canonical form "
                    + "(six lower-case hex pairs joined by ':'); use MacAddress.parse for other forms");
        }
    }

    /**
     * Strict: six hex pairs in either case joined by {@code :} or by {@code -} (one separator style
     * throughout; iPXE's {@code ${mac:hexhyp}} and pxelinux use hyphens); nothing around them.
     */
    public static Optional<MacAddress> parse(String text) {
        if (text == null || !SEPARATED.matcher(text).matches() || text.indexOf(':') >= 0 && text.indexOf('-') >= 0) {
            return Optional.empty();
        }
        return Optional.of(new MacAddress(text.replace('-', ':').toLowerCase(Locale.ROOT)));
    }

    /**
     * Lenient: like {@link #parse}, and also with surrounding white space, with {@code :} and {@code -}
     * mixed, or as twelve bare hex digits ({@code 525400ABCDEF}).
     */
    public static Optional<MacAddress> parseLenient(String text) {
        String trimmed = text == null ? "" : text.strip();
        String hex;
        if (SEPARATED.matcher(trimmed).matches()) {
            hex = trimmed.replaceAll("[:-]", "");
        } else if (BARE.matcher(trimmed).matches()) {
            hex = trimmed;
        } else {
            return Optional.empty();
        }
        StringBuilder canonical = new StringBuilder(17);
        for (int i = 0; i < 12; i += 2) {
            if (i > 0) {
                canonical.append(':');
            }
            canonical.append(hex, i, i + 2);
        }
        return Optional.of(new MacAddress(canonical.toString().toLowerCase(Locale.ROOT)));
    }

    /** {@code 52-54-00-12-34-56}: safe in file names and URLs, the form of iPXE's {@code ${mac:hexhyp}}. */
    public String hyphenated() {
        return value.replace(':', '-');
    }

    /** The six octets. */
    public byte[] octets() {
        return HexFormat.ofDelimiter(":").parseHex(value);
    }

    @Override
    public String toString() {
        return value;
    }
}
