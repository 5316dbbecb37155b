package dev.ferrum.conductor.inspection.hooks;

import dev.ferrum.conductor.inspection.InspectionOutcome;
import dev.ferrum.conductor.inspection.ProcessingHook;
import dev.ferrum.conductor.inspection.rules.IpNetwork;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.protocol.inspection.ContinueBody;
import dev.ferrum.protocol.inspection.IpaContinue;
import dev.ferrum.protocol.inventory.NetworkInterface;
import dev.ferrum.support.net.MacAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code physnet}: sets a port's {@code physical_network} from the subnet its NIC's address is in, by the map in
 * the option {@code physnet.cidr_map} ({@code CIDR:PHYSNET,...}, e.g. {@code 10.10.10.0/24:physnet_a,2001:db8::/64:physnet_b}, as
 * inspector's {@code physical_network_cidr_map}); the first entry holding the NIC's IPv4, then IPv6 address wins.
 * Only NICs {@code validate_interfaces} kept are considered, so it runs after that hook; NICs in no listed subnet
 * keep their port's value.
 */
public final class PhysnetHook implements ProcessingHook {
    static final String OPTION = "physnet.cidr_map";

    private final Map<IpNetwork, String> networks;

    /** Without a map: nothing changes until {@code cidr_map} is set. */
    public PhysnetHook() {
        this(Map.of());
    }

    @Override
    public ProcessingHook configure(Map<String, String> options) {
        return new PhysnetHook(HookSetting.read(name(), options, "cidr_map").map(PhysnetHook::parse).orElse(Map.of()));
    }

    PhysnetHook(Map<IpNetwork, String> networks) {
        this.networks = new LinkedHashMap<>(networks);
    }

    /** Parses {@code CIDR:PHYSNET} entries separated by commas; the physnet follows the last colon. */
    static Map<IpNetwork, String> parse(String text) {
        Map<IpNetwork, String> networks = new LinkedHashMap<>();
        for (String entry : text.split(",")) {
            int colon = entry.lastIndexOf(':');
            String physnet = colon < 0 ? "" : entry.substring(colon + 1).strip();
            if (physnet.isEmpty()) {
                throw HookSetting.invalid(OPTION, "\"" + entry.strip() + "\" is not CIDR:PHYSNET");
            }
            try {
                networks.put(IpNetwork.parse(entry.substring(0, colon)), physnet);
            } catch (IllegalArgumentException e) {
                throw HookSetting.invalid(OPTION, "\"" + entry.strip() + "\": " + e.getMessage());
            }
        }
        return networks;
    }

    @Override
    public String name() {
        return "physnet";
    }

    @Override
    public void process(ContinueBody report, InspectionOutcome outcome) {
        if (!(report instanceof IpaContinue ipa) || networks.isEmpty()) {
            return;
        }
        for (NetworkInterface nic : ipa.inventory().interfaces()) {
            MacAddress mac = MacAddresses.parse(nic.macAddress());
            if (outcome.interfaces().contains(mac)) {
                physicalNetwork(nic).ifPresent(network -> outcome.placePort(mac, network));
            }
        }
    }

    private Optional<String> physicalNetwork(NetworkInterface nic) {
        return Stream.of(nic.ipv4Address(), nic.ipv6Address()).flatMap(Optional::stream)
                .map(address -> address.split("/", 2)[0])
                .flatMap(address -> networks.entrySet().stream()
                        .filter(entry -> contains(entry.getKey(), address)).map(Map.Entry::getValue))
                .findFirst();
    }

    private static boolean contains(IpNetwork network, String address) {
        try {
            return network.contains(address);
        } catch (IllegalArgumentException notAnAddress) {
            return false;
        }
    }
}
