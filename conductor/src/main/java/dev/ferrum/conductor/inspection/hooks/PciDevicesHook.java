package dev.ferrum.conductor.inspection.hooks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.inspection.InspectionOutcome;
import dev.ferrum.conductor.inspection.ProcessingHook;
import dev.ferrum.protocol.inspection.ContinueBody;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code pci_devices}: counts the report's PCI devices that have an alias ({@code vendor_id}, {@code product_id},
 * {@code name}, inspector's {@code pci_device_alias}) and proposes each count as a capability named by the alias,
 * so a scheduler can ask for e.g. {@code intel_nic:2}. Aliases come from the option {@code pci_devices.alias}, a JSON list of those
 * objects; without the ramdisk's {@code pci_devices} collector there is nothing to count and nothing changes.
 */
public final class PciDevicesHook implements ProcessingHook {
    static final String OPTION = "pci_devices.alias";
    private static final Set<String> ALIAS_KEYS = Set.of("vendor_id", "product_id", "name");

    /** Alias names by vendor id and product id. */
    private final Map<List<String>, String> aliases;

    /** Without aliases: nothing is counted until {@code alias} is set. */
    public PciDevicesHook() {
        this(Map.of());
    }

    @Override
    public ProcessingHook configure(Map<String, String> options) {
        return new PciDevicesHook(HookSetting.read(name(), options, "alias").map(PciDevicesHook::parse)
                .orElse(Map.of()));
    }

    PciDevicesHook(Map<List<String>, String> aliases) {
        this.aliases = Map.copyOf(aliases);
    }

    /** Parses a JSON list of {@code {"vendor_id": …, "product_id": …, "name": …}} objects. */
    static Map<List<String>, String> parse(String json) {
        JsonNode list;
        try {
            list = new ObjectMapper().readTree(json);
        } catch (JsonProcessingException e) {
            throw HookSetting.invalid(OPTION, "not JSON: " + e.getOriginalMessage());
        }
        if (!list.isArray()) {
            throw HookSetting.invalid(OPTION, "expected a JSON list of aliases");
        }
        Map<List<String>, String> aliases = new LinkedHashMap<>();
        for (JsonNode alias : list) {
            Set<String> keys = new HashSet<>();
            alias.fieldNames().forEachRemaining(keys::add);
            if (!alias.isObject() || !keys.equals(ALIAS_KEYS)) {
                throw HookSetting.invalid(OPTION, alias + " must have exactly vendor_id, product_id and name");
            }
            aliases.put(List.of(alias.get("vendor_id").asText(), alias.get("product_id").asText()),
                    alias.get("name").asText());
        }
        return aliases;
    }

    @Override
    public String name() {
        return "pci_devices";
    }

    @Override
    public void process(ContinueBody report, InspectionOutcome outcome) {
        PciDevice.of(report).ifPresent(devices -> {
            Map<String, Integer> counts = new TreeMap<>();
            for (PciDevice device : devices) {
                String alias = aliases.get(List.of(device.vendorId(), device.productId()));
                if (alias != null) {
                    counts.merge(alias, 1, Integer::sum);
                }
            }
            counts.forEach((alias, count) -> outcome.proposeCapability(alias, Integer.toString(count)));
        });
    }
}
