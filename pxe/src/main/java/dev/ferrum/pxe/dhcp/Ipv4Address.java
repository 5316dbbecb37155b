package dev.ferrum.pxe.dhcp;

import dev.ferrum.pxe.PxeException;
import java.util.regex.Pattern;

/**
 * A dotted-quad IPv4 address, parsed without any name lookup (dnsmasq gets exactly this text).
 */
public record Ipv4Address(String value) implements Comparable<Ipv4Address> {
    private static final Pattern DOTTED = Pattern.compile("(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");

    public Ipv4Address {
        if (!DOTTED.matcher(value).matches()) {
            throw new PxeException("'" + value + "' is not an IPv4 address in dotted-quad form, e.g. 10.20.0.100");
        }
    }

    /** The address as an unsigned 32-bit number, for ordering. */
    public long asLong() {
        long result = 0;
        for (String octet : value.split("\\.")) {
            result = result << 8 | Integer.parseInt(octet);
        }
        return result;
    }

    @Override
    public int compareTo(Ipv4Address other) {
        return Long.compare(asLong(), other.asLong());
    }

    @Override
    public String toString() {
        return value;
    }
}
