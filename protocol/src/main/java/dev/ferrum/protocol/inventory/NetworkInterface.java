package dev.ferrum.protocol.inventory;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.protocol.error.WireFormatException;
import java.util.Optional;

/**
 * A NIC: kernel name, MAC, first IPv4/IPv6 address, link carrier, PCI vendor/product ids
 * ({@code 0x8086}), speed, PCI address and kernel driver. {@code lldp} stays raw TLV data as IPA
 * sends it (a list of [type, hex] pairs) because inspection plugins, not the agent, interpret it.
 */
public record NetworkInterface(
        String name,
        String macAddress,
        Optional<String> ipv4Address,
        Optional<String> ipv6Address,
        boolean hasCarrier,
        Optional<JsonNode> lldp,
        Optional<String> vendor,
        Optional<String> product,
        Optional<String> clientId,
        Optional<String> biosdevname,
        Optional<Integer> speedMbps,
        Optional<String> pciAddress,
        Optional<String> driver) {

    public NetworkInterface {
        if (name == null || name.isBlank()) {
            throw new WireFormatException("a network interface needs a name");
        }
        if (macAddress == null || macAddress.isBlank()) {
            throw new WireFormatException("network interface " + name + " needs a MAC address");
        }
        ipv4Address = Optionals.orEmpty(ipv4Address);
        ipv6Address = Optionals.orEmpty(ipv6Address);
        lldp = lldp == null || lldp.filter(node -> !node.isNull()).isEmpty() ? Optional.empty() : lldp;
        vendor = Optionals.orEmpty(vendor);
        product = Optionals.orEmpty(product);
        clientId = Optionals.orEmpty(clientId);
        biosdevname = Optionals.orEmpty(biosdevname);
        speedMbps = Optionals.orEmpty(speedMbps);
        pciAddress = Optionals.orEmpty(pciAddress);
        driver = Optionals.orEmpty(driver);
    }
}
