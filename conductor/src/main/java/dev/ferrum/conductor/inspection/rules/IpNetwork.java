package dev.ferrum.conductor.inspection.rules;

import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Pattern;

/**
 * An IPv4 or IPv6 network in CIDR form, for {@code in-net} and the {@code physnet} hook's map; a plain address is a
 * network of one.
 */
public record IpNetwork(byte[] base, int prefix) {
    // Only literals reach InetAddress, so parsing never turns into a DNS lookup.
    private static final Pattern LITERAL = Pattern.compile("[0-9.]+|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

    /** Parses {@code ADDRESS[/PREFIX]}; throws {@link IllegalArgumentException} naming what is wrong. */
    public static IpNetwork parse(String text) {
        String[] parts = text.strip().split("/", -1);
        if (parts.length > 2) {
            throw new IllegalArgumentException("not ADDRESS/PREFIX");
        }
        byte[] address = address(parts[0]);
        int bits = address.length * 8;
        int prefix;
        try {
            prefix = parts.length == 2 ? Integer.parseInt(parts[1]) : bits;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("the prefix length \"" + parts[1] + "\" is not a number");
        }
        if (prefix < 0 || prefix > bits) {
            throw new IllegalArgumentException("the prefix length must be 0.." + bits + ", got " + prefix);
        }
        return new IpNetwork(address, prefix);
    }

    static byte[] address(String text) {
        if (!LITERAL.matcher(text).matches()) {
            throw new IllegalArgumentException("\"" + text + "\" is not an IP address");
        }
        try {
            return InetAddress.getByName(text).getAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("\"" + text + "\" is not an IP address");
        }
    }

    /** Whether the address {@code text} is inside; throws {@link IllegalArgumentException} if it is no address. */
    public boolean contains(String text) {
        byte[] other = address(text);
        if (other.length != base.length) {
            return false;
        }
        int shift = base.length * 8 - prefix;
        return new BigInteger(1, other).shiftRight(shift).equals(new BigInteger(1, base).shiftRight(shift));
    }
}
