package dev.ferrum.pxe.dhcp;

import dev.ferrum.pxe.PxeException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Pattern;

/**
 * Stateless IPv6 router advertisements for a unique-local /64 ({@code fd00:…::}). Not for
 * addressing anything: iPXE ROMs wait about 15 s for an RA before carrying on with IPv4, and
 * dnsmasq answering at once removes that wait. The interface must hold an address in the prefix.
 */
public record RouterAdvertisement(String prefix) {
    private static final Pattern IPV6_TEXT = Pattern.compile("[0-9a-fA-F:]+::");

    public RouterAdvertisement {
        byte[] bytes = parse(prefix);
        if ((bytes[0] & 0xfe) != 0xfc) {
            throw new PxeException("router advertisement prefix " + prefix + " must be unique-local (fc00::/7, e.g. fd12:3456:789a:1::)");
        }
        for (int i = 8; i < 16; i++) {
            if (bytes[i] != 0) {
                throw new PxeException("router advertisement prefix " + prefix + " must be a /64: the last 64 bits must be zero");
            }
        }
    }

    private static byte[] parse(String prefix) {
        // The pattern keeps InetAddress from ever treating the text as a host name to look up.
        if (!IPV6_TEXT.matcher(prefix).matches()) {
            throw new PxeException("router advertisement prefix '" + prefix + "' must be an IPv6 prefix ending in '::', e.g. fd12:3456:789a:1::");
        }
        try {
            InetAddress address = InetAddress.getByName(prefix);
            if (!(address instanceof Inet6Address)) {
                throw new PxeException("router advertisement prefix '" + prefix + "' is not an IPv6 address");
            }
            return address.getAddress();
        } catch (UnknownHostException e) {
            throw new PxeException("router advertisement prefix '" + prefix + "' is not an IPv6 address: " + e.getMessage(), e);
        }
    }
}
