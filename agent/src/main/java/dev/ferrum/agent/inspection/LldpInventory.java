package dev.ferrum.agent.inspection;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.ferrum.hardware.spi.LldpCollector;
import dev.ferrum.protocol.inventory.Inventory;
import dev.ferrum.protocol.inventory.NetworkInterface;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Puts the LLDP TLVs the hardware managers heard ({@code ipa-collect-lldp}) into the inventory's interfaces, in
 * IPA's shape {@code "lldp": [[type, "hex"], ...]}; interfaces that heard nothing keep {@code lldp: null}.
 */
public final class LldpInventory {

    private LldpInventory() {
    }

    public static Inventory with(Inventory inventory, Map<String, List<LldpCollector.Tlv>> heard) {
        if (heard.isEmpty()) {
            return inventory;
        }
        List<NetworkInterface> nics = inventory.interfaces().stream().map(nic -> {
            List<LldpCollector.Tlv> tlvs = heard.get(nic.name());
            if (tlvs == null || tlvs.isEmpty()) {
                return nic;
            }
            ArrayNode raw = JsonNodeFactory.instance.arrayNode();
            tlvs.forEach(tlv -> raw.addArray().add(tlv.type()).add(tlv.hexValue()));
            return new NetworkInterface(nic.name(), nic.macAddress(), nic.ipv4Address(), nic.ipv6Address(),
                    nic.hasCarrier(), Optional.of(raw), nic.vendor(), nic.product(), nic.clientId(), nic.biosdevname(),
                    nic.speedMbps(), nic.pciAddress(), nic.driver());
        }).toList();
        return new Inventory(inventory.cpu(), inventory.memory(), inventory.disks(), nics, inventory.bmcAddress(),
                inventory.bmcV6address(), inventory.bmcMac(), inventory.systemVendor(), inventory.boot(),
                inventory.hostname(), inventory.extra());
    }
}
