package dev.ferrum.protocol.inspection;

import dev.ferrum.protocol.json.WireValues;
import java.util.List;

/**
 * How the agent collected inspection data: the collectors it ran ({@code default}, {@code logs},
 * {@code pci-devices}, …) and the hardware managers it loaded.
 */
public record InspectionConfiguration(List<String> collectors, List<ManagerVersion> managers) {

    public InspectionConfiguration {
        collectors = WireValues.listOrEmpty(collectors);
        managers = WireValues.listOrEmpty(managers);
    }
}
