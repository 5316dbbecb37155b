package dev.ferrum.pxe;

import dev.ferrum.support.net.MacAddress;

/**
 * pxe's reading of the one {@link MacAddress} type: the strict rule (what firmware and the hosts files
 * spell), refusals as {@link PxeException} in pxe's words, and the pxelinux file name.
 */
public final class MacAddresses {
    private MacAddresses() {
    }

    /**
     * Reads {@code aa:bb:cc:dd:ee:ff} or {@code aa-bb-cc-dd-ee-ff} in either case; one separator
     * style throughout. For text that may be something else (a URL segment), use {@link MacAddress#parse}.
     */
    public static MacAddress parse(String text) {
        return MacAddress.parse(text).orElseThrow(() -> new PxeException("'" + text
                + "' is not a MAC address: expected six hex pairs joined by ':' or '-', e.g. 52:54:00:12:34:56"));
    }

    /** An address already in canonical form ({@code 52:54:00:12:34:56}); anything else is a {@link PxeException}. */
    public static MacAddress canonical(String value) {
        try {
            return new MacAddress(value);
        } catch (IllegalArgumentException e) {
            throw new PxeException("'" + value + "' is not a MAC address in canonical form "
                    + "(six lower-case hex pairs joined by ':'); use MacAddress.parse for other forms", e);
        }
    }

    /**
     * The per-machine file name pxelinux looks up under {@code pxelinux.cfg/}: ARP hardware type 1
     * (Ethernet) then the hyphenated address, e.g. {@code 01-52-54-00-12-34-56}.
     */
    public static String pxelinuxConfigName(MacAddress mac) {
        return "01-" + mac.hyphenated();
    }
}
