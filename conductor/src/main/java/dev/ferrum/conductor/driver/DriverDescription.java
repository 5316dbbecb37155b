package dev.ferrum.conductor.driver;

import dev.ferrum.conductor.node.InterfaceKind;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One enabled hardware type as {@code GET /v1/drivers} shows it: its name, the conductors that
 * serve it, its type ({@code dynamic}, the only kind Ferrum has) and, per slot, the default and
 * the enabled implementations.
 */
public record DriverDescription(String name, List<String> hosts, String type,
        Map<InterfaceKind, String> defaults, Map<InterfaceKind, List<String>> enabled) {
    public DriverDescription {
        hosts = List.copyOf(hosts);
        EnumMap<InterfaceKind, String> d = new EnumMap<>(InterfaceKind.class);
        d.putAll(defaults);
        defaults = Collections.unmodifiableMap(d);
        EnumMap<InterfaceKind, List<String>> e = new EnumMap<>(InterfaceKind.class);
        enabled.forEach((kind, names) -> e.put(kind, List.copyOf(names)));
        enabled = Collections.unmodifiableMap(e);
    }

    /** The slot's default implementation. */
    public String defaultFor(InterfaceKind kind) {
        return defaults.get(kind);
    }

    /** The slot's enabled implementations, default first. */
    public List<String> enabledFor(InterfaceKind kind) {
        return enabled.get(kind);
    }
}
