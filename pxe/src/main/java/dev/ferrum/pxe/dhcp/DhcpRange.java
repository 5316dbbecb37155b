package dev.ferrum.pxe.dhcp;

import dev.ferrum.pxe.PxeException;
import java.time.Duration;

/** The IPv4 addresses dnsmasq hands out on the provisioning network, and for how long. */
public record DhcpRange(Ipv4Address first, Ipv4Address last, Duration leaseTime) {
    /** dnsmasq raises shorter leases to two minutes; refusing them avoids a silent difference. */
    public static final Duration MIN_LEASE = Duration.ofMinutes(2);

    public DhcpRange {
        if (first.compareTo(last) > 0) {
            throw new PxeException("DHCP range " + first + " - " + last + " is reversed; give the lower address first");
        }
        if (leaseTime.compareTo(MIN_LEASE) < 0 || leaseTime.toNanos() % 1_000_000_000L != 0) {
            throw new PxeException("DHCP lease time must be whole seconds, at least " + MIN_LEASE.toSeconds() + " s, not " + leaseTime);
        }
    }

    /** The value of a {@code dhcp-range=} line. */
    String render() {
        long seconds = leaseTime.toSeconds();
        String lease = seconds % 3600 == 0 ? seconds / 3600 + "h" : seconds % 60 == 0 ? seconds / 60 + "m" : String.valueOf(seconds);
        return first + "," + last + "," + lease;
    }
}
