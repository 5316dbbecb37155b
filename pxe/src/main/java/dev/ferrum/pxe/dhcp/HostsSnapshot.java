package dev.ferrum.pxe.dhcp;

import dev.ferrum.support.net.MacAddress;
import java.util.Map;
import java.util.Optional;

/**
 * What a {@link DhcpHostsDirectory} holds on disk: the access of every MAC with a file, and of
 * unknown MACs (empty before anything was written, which dnsmasq treats as {@link HostAccess#DENY}).
 */
public record HostsSnapshot(Map<MacAddress, HostAccess> hosts, Optional<HostAccess> unknownHosts) {
    public HostsSnapshot {
        hosts = Map.copyOf(hosts);
    }
}
