package dev.ferrum.hardware.spi;

import java.util.Optional;

/** The addresses of the machine's BMC as its LAN channel reports them. */
public record BmcAddresses(Optional<String> ipv4, Optional<String> ipv6, Optional<String> mac) {

    public BmcAddresses {
        ipv4 = ipv4 == null ? Optional.empty() : ipv4;
        ipv6 = ipv6 == null ? Optional.empty() : ipv6;
        mac = mac == null ? Optional.empty() : mac;
    }
}
