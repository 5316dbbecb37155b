package dev.ferrum.protocol.lookup;

import dev.ferrum.protocol.error.WireFormatException;
import dev.ferrum.protocol.inventory.Inventory;

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

    public static LegacyLookupRequest of(Inventory inventory) {
        return new LegacyLookupRequest(SUPPORTED_VERSION, inventory);
    }
}
