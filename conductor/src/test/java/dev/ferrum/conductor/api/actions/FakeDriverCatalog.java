package dev.ferrum.conductor.api.actions;

import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.NodeInterfaces;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A driver catalog for tests and the early sandbox: every listed hardware type takes {@code fake}
 * in every slot (network and storage {@code noop}, as Ironic's fake-hardware), and nothing else.
 */
public final class FakeDriverCatalog implements DriverCatalog {
    private final List<String> names;
    private final String host;

    /** Offers {@code names} (e.g. fake-hardware, ipmi) from the conductor {@code host}. */
    public FakeDriverCatalog(List<String> names, String host) {
        this.names = List.copyOf(names);
        this.host = host;
    }

    @Override
    public List<DriverSummary> drivers() {
        return names.stream().map(name -> new DriverSummary(name, List.of(host), Arrays.stream(InterfaceKind.values())
                .map(k -> new DriverSummary.InterfaceChoice(kindName(k), implementation(k), List.of(implementation(k))))
                .toList())).toList();
    }

    @Override
    public NodeInterfaces resolveInterfaces(String driver, NodeInterfaces requested) {
        if (!names.contains(driver)) {
            throw new InvalidInputException("The hardware type \"" + driver + "\" is not enabled on any conductor;"
                    + " enabled: " + names + ".");
        }
        NodeInterfaces resolved = requested;
        for (InterfaceKind kind : InterfaceKind.values()) {
            if (kind == InterfaceKind.FIRMWARE) {
                continue;
            }
            String allowed = implementation(kind);
            var chosen = requested.get(kind);
            if (chosen.isPresent() && !chosen.get().equals(allowed)) {
                throw new InvalidInputException("Could not find a suitable implementation of " + kind.fieldName()
                        + " \"" + chosen.get() + "\" for hardware type " + driver + "; enabled: [" + allowed + "].");
            }
            resolved = resolved.with(kind, allowed);
        }
        return resolved;
    }

    private static String implementation(InterfaceKind kind) {
        return kind == InterfaceKind.NETWORK || kind == InterfaceKind.STORAGE ? "noop" : "fake";
    }

    private static String kindName(InterfaceKind kind) {
        return kind.name().toLowerCase(Locale.ROOT);
    }
}
