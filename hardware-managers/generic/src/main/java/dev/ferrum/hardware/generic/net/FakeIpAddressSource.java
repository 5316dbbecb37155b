package dev.ferrum.hardware.generic.net;

import java.util.Map;

/** A fixed table of addresses by interface name, for fixture machines; unlisted NICs have none. */
public record FakeIpAddressSource(Map<String, InterfaceAddresses> table) implements IpAddressSource {

    public FakeIpAddressSource {
        table = Map.copyOf(table);
    }

    @Override
    public InterfaceAddresses addressesOf(String interfaceName) {
        return table.getOrDefault(interfaceName, InterfaceAddresses.NONE);
    }
}
