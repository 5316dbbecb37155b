package dev.ferrum.hardware.registry;

import dev.ferrum.protocol.inventory.Inventory;
import java.util.List;
import java.util.Map;

/**
 * An inventory with its provenance: which manager filled each section, and the contributors that
 * failed (the inventory is still usable; the failures are reported, not hidden).
 */
public record CollectedInventory(Inventory inventory, Map<String, String> contributors, List<ProviderFailure> failures) {

    public CollectedInventory {
        contributors = Map.copyOf(contributors);
        failures = List.copyOf(failures);
    }
}
