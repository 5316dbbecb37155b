package dev.ferrum.conductor.inspection.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.inspection.InspectionOutcome;
import dev.ferrum.conductor.inspection.ProcessingHook;
import dev.ferrum.protocol.inspection.ContinueBody;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code accelerators}: the report's PCI devices that are known accelerators (GPUs, FPGAs…) become the node's
 * {@code accelerators} property, each the known device's description ({@code vendor_id}, {@code device_id},
 * {@code type}, {@code device_info}) plus its {@code pci_address}. The list is replaced on every inspection, empty
 * when none is found, as Ironic's hook does, so a card taken out does not linger. Known devices are Ironic's
 * default list unless the option {@code accelerators.known_devices} names a JSON file of the same shape ({@code {"pci_devices": [...]}}).
 */
public final class AcceleratorsHook implements ProcessingHook {
    static final String OPTION = "accelerators.known_devices";
    private static final String DEFAULT = "known-accelerators.json";

    private final List<ObjectNode> known;

    /** Ironic's built-in list of known devices. */
    public AcceleratorsHook() {
        this(builtIn());
    }

    /** The devices the {@code known_devices} file lists, or the built-in list when unset. */
    @Override
    public ProcessingHook configure(Map<String, String> options) {
        return new AcceleratorsHook(HookSetting.read(name(), options, "known_devices")
                .map(AcceleratorsHook::fromFile).orElseGet(AcceleratorsHook::builtIn));
    }

    AcceleratorsHook(List<ObjectNode> known) {
        this.known = List.copyOf(known);
    }

    static List<ObjectNode> fromFile(String path) {
        try (InputStream in = Files.newInputStream(Path.of(path))) {
            return parse(in, OPTION + " (" + path + ")");
        } catch (IOException e) {
            throw HookSetting.invalid(OPTION, "cannot read " + path + ": " + e.getMessage());
        }
    }

    static List<ObjectNode> builtIn() {
        try (InputStream in = AcceleratorsHook.class.getResourceAsStream(DEFAULT)) {
            return parse(in, "the built-in " + DEFAULT);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The {@code pci_devices} list of a known-devices document; each entry needs a vendor_id and a device_id. */
    static List<ObjectNode> parse(InputStream in, String source) {
        JsonNode devices;
        try {
            devices = new ObjectMapper().readTree(in).path("pci_devices");
        } catch (IOException e) {
            throw new IllegalArgumentException(source + " is not JSON: " + e.getMessage());
        }
        if (!devices.isArray()) {
            throw new IllegalArgumentException(source + " needs a \"pci_devices\" list of known devices");
        }
        List<ObjectNode> known = new ArrayList<>();
        for (JsonNode device : devices) {
            if (!device.isObject() || device.path("vendor_id").asText("").isEmpty()
                    || device.path("device_id").asText("").isEmpty()) {
                throw new IllegalArgumentException(source + ": " + device + " lacks vendor_id or device_id");
            }
            known.add((ObjectNode) device);
        }
        return known;
    }

    @Override
    public String name() {
        return "accelerators";
    }

    @Override
    public void process(ContinueBody report, InspectionOutcome outcome) {
        Optional<List<PciDevice>> devices = PciDevice.of(report).filter(list -> !list.isEmpty());
        if (devices.isEmpty()) {
            // Without the ramdisk's pci-devices collector absence proves nothing: keep what the node has.
            return;
        }
        ArrayNode found = JsonNodeFactory.instance.arrayNode();
        for (PciDevice device : devices.get()) {
            known.stream()
                    .filter(k -> k.get("vendor_id").asText().equals(device.vendorId())
                            && k.get("device_id").asText().equals(device.productId()))
                    .findFirst()
                    .ifPresent(k -> found.add(k.deepCopy().put("pci_address", device.bus())));
        }
        outcome.recordFact("accelerators", found);
    }
}
