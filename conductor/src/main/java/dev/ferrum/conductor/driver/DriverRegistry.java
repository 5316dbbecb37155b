package dev.ferrum.conductor.driver;

import dev.ferrum.conductor.driver.bios.BiosInterface;
import dev.ferrum.conductor.driver.boot.BootInterface;
import dev.ferrum.conductor.driver.firmware.FirmwareInterface;
import dev.ferrum.conductor.driver.deploy.DeployInterface;
import dev.ferrum.conductor.driver.hardware.HardwareType;
import dev.ferrum.conductor.driver.inspect.InspectInterface;
import dev.ferrum.conductor.driver.management.ManagementInterface;
import dev.ferrum.conductor.driver.power.PowerInterface;
import dev.ferrum.conductor.driver.rescue.RescueInterface;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeInterfaces;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Composes a node's {@link DriverBundle} from its {@code driver} (hardware type) and
 * {@code *_interface} fields: an unset slot takes the type's default (its first supported
 * implementation that is enabled); a slot set to something the type does not support, or that is
 * not enabled, is refused with an {@link InvalidInputException} saying what may be chosen. The
 * configuration is checked once, when the registry is built, so a bad one stops the conductor.
 */
public final class DriverRegistry {
    private final Map<String, HardwareType> types = new LinkedHashMap<>();
    /** Per enabled hardware type and slot: the usable implementations, default first. */
    private final Map<String, Map<InterfaceKind, List<String>>> usable = new LinkedHashMap<>();
    private final InterfaceCatalog catalog;
    private final String host;

    public DriverRegistry(DriverConfig config, List<HardwareType> known, InterfaceCatalog catalog) {
        this.catalog = catalog;
        this.host = config.host();
        Map<String, HardwareType> byName = new LinkedHashMap<>();
        known.forEach(type -> byName.put(type.name(), type));
        for (String name : config.enabledHardwareTypes()) {
            HardwareType type = byName.get(name);
            if (type == null) {
                throw new DriverException("enabled hardware type '" + name + "' is unknown; known types: " + byName.keySet());
            }
            types.put(name, type);
            Map<InterfaceKind, List<String>> slots = new EnumMap<>(InterfaceKind.class);
            for (InterfaceKind kind : InterfaceKind.values()) {
                List<String> enabled = enabled(config, kind, known);
                List<String> names = type.supported(kind).stream().filter(enabled::contains).toList();
                if (names.isEmpty()) {
                    throw new DriverException("hardware type '" + name + "' has no enabled " + kind.fieldName()
                            + "; enable one of " + type.supported(kind) + " or disable the hardware type");
                }
                slots.put(kind, names);
            }
            usable.put(name, slots);
        }
    }

    /** The node's driver, composed; an unknown driver or a refused interface is the caller's error. */
    public DriverBundle bundleFor(Node node) {
        NodeInterfaces resolved = resolve(node.driver(), node.interfaces());
        return new DriverBundle(node.driver(), resolved,
                implementation(InterfaceKind.POWER, resolved, PowerInterface.class),
                implementation(InterfaceKind.MANAGEMENT, resolved, ManagementInterface.class),
                implementation(InterfaceKind.BOOT, resolved, BootInterface.class),
                implementation(InterfaceKind.DEPLOY, resolved, DeployInterface.class),
                implementation(InterfaceKind.INSPECT, resolved, InspectInterface.class),
                implementation(InterfaceKind.RESCUE, resolved, RescueInterface.class),
                implementation(InterfaceKind.BIOS, resolved, BiosInterface.class),
                implementation(InterfaceKind.FIRMWARE, resolved, FirmwareInterface.class));
    }

    /**
     * Every slot of {@code requested} filled: unset slots with the hardware type's default. For
     * node create and update, so the stored node names its implementations as Ironic's does.
     */
    public NodeInterfaces resolve(String driver, NodeInterfaces requested) {
        Map<InterfaceKind, List<String>> slots = usable.get(driver);
        if (slots == null) {
            throw new InvalidInputException("Driver '" + driver + "' is not enabled on this conductor; enabled hardware "
                    + "types: " + usable.keySet() + " (see GET /v1/drivers)");
        }
        NodeInterfaces resolved = requested;
        for (InterfaceKind kind : InterfaceKind.values()) {
            List<String> allowed = slots.get(kind);
            Optional<String> chosen = requested.get(kind);
            if (chosen.isEmpty()) {
                resolved = resolved.with(kind, allowed.getFirst());
            } else if (!allowed.contains(chosen.get())) {
                boolean supported = types.get(driver).supported(kind).contains(chosen.get());
                String enable = supported ? catalog.howToEnable(kind, chosen.get()).map(how -> " (" + how + ")")
                        .orElse("") : "";
                throw new InvalidInputException(kind.fieldName() + " '" + chosen.get() + "' is "
                        + (supported ? "not enabled on this conductor" + enable
                                : "not supported by hardware type '" + driver + "'")
                        + "; choose one of " + allowed + " or leave it unset for the default '" + allowed.getFirst() + "'");
            }
        }
        return resolved;
    }

    /** The enabled hardware types, as {@code GET /v1/drivers} lists them. */
    public List<DriverDescription> drivers() {
        List<DriverDescription> all = new ArrayList<>();
        usable.keySet().forEach(name -> all.add(describe(name)));
        return List.copyOf(all);
    }

    /** One enabled hardware type, if enabled. */
    public Optional<DriverDescription> driver(String name) {
        return usable.containsKey(name) ? Optional.of(describe(name)) : Optional.empty();
    }

    private DriverDescription describe(String name) {
        Map<InterfaceKind, String> defaults = new EnumMap<>(InterfaceKind.class);
        usable.get(name).forEach((kind, names) -> defaults.put(kind, names.getFirst()));
        return new DriverDescription(name, List.of(host), "dynamic", defaults, usable.get(name));
    }

    private List<String> enabled(DriverConfig config, InterfaceKind kind, List<HardwareType> known) {
        if (!InterfaceCatalog.IMPLEMENTED.contains(kind)) {
            return config.enabled(kind).orElseGet(() -> known.stream()
                    .flatMap(type -> type.supported(kind).stream()).distinct().toList());
        }
        List<String> enabled = config.enabled(kind).orElseGet(() -> List.copyOf(catalog.names(kind)));
        for (String name : enabled) {
            if (catalog.find(kind, name).isEmpty()) {
                throw new DriverException("enabled " + kind.fieldName() + " '" + name + "' was not built by this "
                        + "conductor; configure it (e.g. its BMC or boot settings) or remove it from enabled_"
                        + kind.name().toLowerCase(java.util.Locale.ROOT) + "_interfaces");
            }
        }
        return enabled;
    }

    private <T extends DriverInterface> T implementation(InterfaceKind kind, NodeInterfaces resolved, Class<T> type) {
        String name = resolved.get(kind).orElseThrow();
        return type.cast(catalog.find(kind, name).orElseThrow());
    }
}
