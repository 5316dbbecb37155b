package dev.ferrum.support.http;

import io.helidon.webclient.api.DnsAddressLookup;
import io.helidon.webclient.spi.DnsResolver;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * Resolves like the JDK but keeps the URL's host text on the address. Helidon 4.4 takes the TLS peer
 * name from {@code InetSocketAddress.getHostName()}, which for an IP-literal URL (agents call back with
 * {@code https://<ip>:9999}; a ramdisk is told {@code ipa-api-url=https://<ip>:6385}) does a reverse DNS
 * lookup: the peer's certificate would be checked against the PTR name instead of the IP it was issued
 * for, and a missing PTR record (or, in a ramdisk, no DNS at all) stalls the call. Every Helidon client
 * of both tiers that may be given an IP-literal https URL uses this one resolver: the agent's image
 * source and conductor transport, the conductor's agent, Redfish and inspector clients.
 */
public final class LiteralHostResolver implements DnsResolver {

    @Override
    public InetAddress resolveAddress(String hostname, DnsAddressLookup lookup) {
        String host = hostname.startsWith("[") && hostname.endsWith("]")
                ? hostname.substring(1, hostname.length() - 1) : hostname;
        try {
            InetAddress[] all = lookup.filter(InetAddress.getAllByName(host));
            InetAddress chosen = all.length > 0 ? all[0] : InetAddress.getByName(host);
            return InetAddress.getByAddress(host, chosen.getAddress());
        } catch (UnknownHostException e) {
            throw new UncheckedIOException(e);
        }
    }
}
