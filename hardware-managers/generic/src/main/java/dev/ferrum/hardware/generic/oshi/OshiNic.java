package dev.ferrum.hardware.generic.oshi;

import dev.ferrum.hardware.generic.net.InterfaceAddresses;
import java.util.Objects;
import java.util.Optional;

/**
 * A network interface as OSHI reports it: name, current MAC (lower case), the addresses the inventory
 * reports, link speed in Mb/s and whether a cable is connected (the kernel's {@code carrier}).
 */
public record OshiNic(String name, String macAddress, InterfaceAddresses addresses, Optional<Integer> speedMbps,
        boolean hasCarrier) {

    public OshiNic {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(macAddress, "macAddress");
        Objects.requireNonNull(addresses, "addresses");
        Objects.requireNonNull(speedMbps, "speedMbps");
    }
}
