package dev.ferrum.conductor.inspection.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.protocol.inspection.ContinueBody;
import dev.ferrum.protocol.inspection.IpaContinue;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One entry of the {@code pci_devices} list IPA's {@code pci-devices} collector adds to its report: the device's
 * vendor and product ids (lower-case hex without {@code 0x}, as lspci prints them) and its bus address.
 */
record PciDevice(String vendorId, String productId, String bus) {

    /** The report's PCI devices; empty when the ramdisk did not run the collector (no {@code pci_devices} key). */
    static Optional<List<PciDevice>> of(ContinueBody report) {
        if (!(report instanceof IpaContinue ipa) || !ipa.extra().containsKey("pci_devices")) {
            return Optional.empty();
        }
        List<PciDevice> devices = new ArrayList<>();
        for (JsonNode entry : ipa.extra().get("pci_devices")) {
            // Entries without ids cannot match an alias or a known device; skipping them is what inspector does.
            if (entry.hasNonNull("vendor_id") && entry.hasNonNull("product_id")) {
                devices.add(new PciDevice(entry.get("vendor_id").asText(), entry.get("product_id").asText(),
                        entry.path("bus").asText("")));
            }
        }
        return Optional.of(List.copyOf(devices));
    }
}
