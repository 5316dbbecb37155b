package dev.ferrum.conductor.driver.hardware;

import dev.ferrum.conductor.node.InterfaceKind;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A hardware type (a node's {@code driver}): for every interface slot, the implementations it may
 * take, in order of preference; the first one that is also enabled is the slot's default.
 */
public record HardwareType(String name, Map<InterfaceKind, List<String>> supported) {
    public HardwareType {
        Objects.requireNonNull(name, "name");
        EnumMap<InterfaceKind, List<String>> copy = new EnumMap<>(InterfaceKind.class);
        for (InterfaceKind kind : InterfaceKind.values()) {
            List<String> names = supported.get(kind);
            if (names == null || names.isEmpty()) {
                throw new IllegalArgumentException("hardware type " + name + " lists no " + kind.fieldName());
            }
            copy.put(kind, List.copyOf(names));
        }
        supported = Collections.unmodifiableMap(copy);
    }

    /** The implementations this type allows in {@code kind}'s slot, preferred first. */
    public List<String> supported(InterfaceKind kind) {
        return supported.get(kind);
    }
}
