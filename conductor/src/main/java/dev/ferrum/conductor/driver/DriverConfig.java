package dev.ferrum.conductor.driver;

import dev.ferrum.conductor.node.InterfaceKind;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which hardware types and interface implementations this conductor enables (Ironic's
 * {@code enabled_hardware_types} and {@code enabled_<kind>_interfaces}), and the host name it
 * reports for {@code GET /v1/drivers}. A slot kind left out of {@code enabledInterfaces} enables
 * every implementation the conductor has for it.
 */
public record DriverConfig(List<String> enabledHardwareTypes, Map<InterfaceKind, List<String>> enabledInterfaces,
        String host) {
    public DriverConfig {
        enabledHardwareTypes = List.copyOf(enabledHardwareTypes);
        if (enabledHardwareTypes.isEmpty()) {
            throw new IllegalArgumentException("enable at least one hardware type, e.g. ipmi");
        }
        EnumMap<InterfaceKind, List<String>> copy = new EnumMap<>(InterfaceKind.class);
        enabledInterfaces.forEach((kind, names) -> copy.put(kind, List.copyOf(names)));
        enabledInterfaces = Collections.unmodifiableMap(copy);
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("the conductor needs a host name to report");
        }
    }

    /** These hardware types, every implementation enabled. */
    public static DriverConfig of(List<String> hardwareTypes, String host) {
        return new DriverConfig(hardwareTypes, Map.of(), host);
    }

    /** This config with only {@code names} enabled for {@code kind}, in that order. */
    public DriverConfig enabling(InterfaceKind kind, List<String> names) {
        Map<InterfaceKind, List<String>> copy = new EnumMap<>(InterfaceKind.class);
        copy.putAll(enabledInterfaces);
        copy.put(kind, names);
        return new DriverConfig(enabledHardwareTypes, copy, host);
    }

    /** The implementations configured for {@code kind}, if the config restricts it. */
    public Optional<List<String>> enabled(InterfaceKind kind) {
        return Optional.ofNullable(enabledInterfaces.get(kind));
    }
}
