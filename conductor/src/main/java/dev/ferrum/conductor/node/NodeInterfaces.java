package dev.ferrum.conductor.node;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * Which implementation fills each driver interface slot of a node; an unfilled slot is empty (the
 * driver layer fills it from the hardware type's defaults, Ironic-style). Immutable.
 */
public final class NodeInterfaces {
    private final Map<InterfaceKind, String> byKind;

    private NodeInterfaces(Map<InterfaceKind, String> byKind) {
        this.byKind = Collections.unmodifiableMap(byKind);
    }

    /** No slot filled. */
    public static NodeInterfaces none() {
        return new NodeInterfaces(new EnumMap<>(InterfaceKind.class));
    }

    /** Every slot filled with the same implementation, e.g. {@code fake} for tests. */
    public static NodeInterfaces allOf(String implementation) {
        NodeInterfaces all = none();
        for (InterfaceKind kind : InterfaceKind.values()) {
            all = all.with(kind, implementation);
        }
        return all;
    }

    public Optional<String> get(InterfaceKind kind) {
        return Optional.ofNullable(byKind.get(kind));
    }

    /** These slots with {@code kind} filled by {@code implementation}. */
    public NodeInterfaces with(InterfaceKind kind, String implementation) {
        if (implementation == null || implementation.isBlank()) {
            throw new IllegalArgumentException("an interface implementation needs a name");
        }
        EnumMap<InterfaceKind, String> copy = new EnumMap<>(InterfaceKind.class);
        copy.putAll(byKind);
        copy.put(kind, implementation);
        return new NodeInterfaces(copy);
    }

    /** These slots with {@code kind} emptied. */
    public NodeInterfaces without(InterfaceKind kind) {
        EnumMap<InterfaceKind, String> copy = new EnumMap<>(InterfaceKind.class);
        copy.putAll(byKind);
        copy.remove(kind);
        return new NodeInterfaces(copy);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof NodeInterfaces interfaces && interfaces.byKind.equals(byKind);
    }

    @Override
    public int hashCode() {
        return byKind.hashCode();
    }

    @Override
    public String toString() {
        return byKind.toString();
    }
}
