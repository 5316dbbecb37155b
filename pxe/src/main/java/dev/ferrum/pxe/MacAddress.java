package dev.ferrum.pxe;

import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A 48-bit Ethernet MAC address, held in its canonical form: lower case, colon separated
 * ({@code 52:54:00:12:34:56}), the form Ironic stores in a port's {@code address}. Parsing also
 * takes the hyphenated forms iPXE's {@code ${mac:hexhyp}} and pxelinux produce.
 */
public record MacAddress(String value) {
    private static final Pattern CANONICAL = Pattern.compile("([0-9a-f]{2}:){5}[0-9a-f]{2}");
    private static final Pattern ACCEPTED = Pattern.compile("[0-9a-fA-F]{2}([:-][0-9a-fA-F]{2}){5}");

    public MacAddress {
        if (!CANONICAL.matcher(value).matches()) {
            throw new PxeException("'" + value + "' is not a MAC address in canonical form "
                    + "(six lower-case hex pairs joined by ':'); use MacAddress.parse for other forms");
        }
    }

    /**
     * Reads {@code aa:bb:cc:dd:ee:ff} or {@code aa-bb-cc-dd-ee-ff} in either case; one separator
     * style throughout.
     */
    public static MacAddress parse(String text) {
        return tryParse(text).orElseThrow(() -> new PxeException("'" + text
                + "' is not a MAC address: expected six hex pairs joined by ':' or '-', e.g. 52:54:00:12:34:56"));
    }

    /** Like {@link #parse} but empty for text that is not a MAC address (e.g. a URL path segment). */
    public static Optional<MacAddress> tryParse(String text) {
        if (!ACCEPTED.matcher(text).matches() || text.indexOf(':') >= 0 && text.indexOf('-') >= 0) {
            return Optional.empty();
        }
        return Optional.of(new MacAddress(text.replace('-', ':').toLowerCase(Locale.ROOT)));
    }

    /** {@code 52-54-00-12-34-56}: safe in file names and URLs, the form of iPXE's {@code ${mac:hexhyp}}. */
    public String hyphenated() {
        return value.replace(':', '-');
    }

    /**
     * The per-machine file name pxelinux looks up under {@code pxelinux.cfg/}: ARP hardware type 1
     * (Ethernet) then the hyphenated address, e.g. {@code 01-52-54-00-12-34-56}.
     */
    public String pxelinuxConfigName() {
        return "01-" + hyphenated();
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
