package dev.ferrum.protocol.lookup;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.protocol.error.WireFormatException;
import dev.ferrum.protocol.inventory.Inventory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The agent-driver era lookup, {@code POST /v1/drivers/<driver>/vendor_passthru/lookup}: the
 * hardware-structure {@code version} (the conductor accepts {@link #SUPPORTED_VERSION} and answers
 * 400 to others) and the machine's inventory, whose NIC MACs identify the node.
 */
public record LegacyLookupRequest(int version, Inventory inventory) {

    public static final int SUPPORTED_VERSION = 2;

    public LegacyLookupRequest {
        if (inventory == null) {
            throw new WireFormatException("legacy lookup request needs an inventory");
        }
    }

    /**
     * The MAC addresses the body's {@code inventory.interfaces} name, lower-cased, read leniently as a
     * conductor answers such a lookup: an interface without a name or a MAC is skipped, not a failure.
     */
    public static List<String> interfaceMacs(JsonNode body) {
        List<String> macs = new ArrayList<>();
        for (JsonNode nic : body.path("inventory").path("interfaces")) {
            String mac = nic.path("mac_address").asText("").toLowerCase(Locale.ROOT);
            if (!mac.isBlank()) {
                macs.add(mac);
            }
        }
        return List.copyOf(macs);
    }

    public static LegacyLookupRequest of(Inventory inventory) {
        return new LegacyLookupRequest(SUPPORTED_VERSION, inventory);
    }
}
