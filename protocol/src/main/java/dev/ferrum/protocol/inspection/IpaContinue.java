package dev.ferrum.protocol.inspection;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.protocol.error.WireFormatException;
import dev.ferrum.protocol.inventory.Disk;
import dev.ferrum.protocol.inventory.Inventory;
import dev.ferrum.protocol.inventory.NetworkInterface;
import dev.ferrum.protocol.json.WireValues;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * IPA's continue body: the inventory, the disk the agent would pick as root, the MAC it PXE-booted
 * from, the collectors and managers it ran, its error, and gzipped, base64-encoded logs. Extra
 * collectors add top-level keys ({@code pci_devices}, {@code lldp_raw}, …), and the inspector's
 * stored data adds its processed keys; both stay in {@code extra}.
 */
public record IpaContinue(
        Inventory inventory,
        Optional<Disk> rootDisk,
        Optional<String> bootInterface,
        Optional<InspectionConfiguration> configuration,
        Optional<String> error,
        Optional<String> logs,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) implements ContinueBody {

    public IpaContinue {
        if (inventory == null) {
            throw new WireFormatException("IPA inspection data needs an inventory");
        }
        rootDisk = WireValues.orEmpty(rootDisk);
        bootInterface = WireValues.orEmpty(bootInterface);
        configuration = WireValues.orEmpty(configuration);
        error = WireValues.orEmpty(error);
        logs = WireValues.orEmpty(logs);
        extra = WireValues.orderedMap(extra);
    }

    /** The report of an inspection that went well, without logs or extra collectors. */
    public static IpaContinue of(Inventory inventory, Optional<Disk> rootDisk, Optional<String> bootInterface,
            InspectionConfiguration configuration) {
        return new IpaContinue(inventory, rootDisk, bootInterface, Optional.of(configuration), Optional.empty(),
                Optional.empty(), Map.of());
    }

    @Override
    public List<String> macAddresses() {
        return inventory.interfaces().stream()
                .map(NetworkInterface::macAddress)
                .map(mac -> mac.toLowerCase(Locale.ROOT))
                .toList();
    }

    @Override
    public Optional<String> bmcAddress() {
        return inventory.bmcAddress();
    }
}
