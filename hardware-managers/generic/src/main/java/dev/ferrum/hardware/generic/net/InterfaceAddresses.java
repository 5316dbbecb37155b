package dev.ferrum.hardware.generic.net;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The one IPv4 and one IPv6 address the inventory reports for a NIC (IPA reports one of each). */
public record InterfaceAddresses(Optional<String> ipv4, Optional<String> ipv6) {

    public static final InterfaceAddresses NONE = new InterfaceAddresses(Optional.empty(), Optional.empty());

    /**
     * Picks from everything assigned to a NIC: the first IPv4 address, and the first IPv6 address
     * preferring a routable one over a link-local one (IPA takes whichever the kernel lists first,
     * which is usually the routable one; a link-local address is useless to the conductor), in
     * canonical text without a zone suffix.
     */
    public static InterfaceAddresses choose(List<InetAddress> assigned) {
        Optional<String> ipv4 = assigned.stream().filter(Inet4Address.class::isInstance).findFirst()
                .map(InetAddress::getHostAddress);
        Optional<String> ipv6 = assigned.stream().filter(Inet6Address.class::isInstance)
                .sorted(Comparator.comparing(InetAddress::isLinkLocalAddress))
                .findFirst()
                .map(a -> canonical(a.getAddress()));
        return new InterfaceAddresses(ipv4, ipv6);
    }

    /**
     * An IPv6 address in RFC 5952's canonical text ({@code fd00::2}), as Linux tools and IPA print
     * it; the JDK writes every group ({@code fd00:0:0:0:0:0:0:2}) and appends the zone.
     */
    static String canonical(byte[] address) {
        int[] groups = new int[8];
        for (int i = 0; i < 8; i++) {
            groups[i] = (address[2 * i] & 0xFF) << 8 | (address[2 * i + 1] & 0xFF);
        }
        int bestStart = -1;
        int bestLength = 1;
        for (int i = 0; i < 8; ) {
            int j = i;
            while (j < 8 && groups[j] == 0) {
                j++;
            }
            if (j - i > bestLength) {
                bestStart = i;
                bestLength = j - i;
            }
            i = j == i ? i + 1 : j;
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                text.append("::");
                i += bestLength - 1;
                continue;
            }
            if (!text.isEmpty() && text.charAt(text.length() - 1) != ':') {
                text.append(':');
            }
            text.append(Integer.toHexString(groups[i]));
        }
        return text.toString().toLowerCase(Locale.ROOT);
    }
}
