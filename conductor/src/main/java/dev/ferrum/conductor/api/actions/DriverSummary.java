package dev.ferrum.conductor.api.actions;

import java.util.List;
import java.util.Objects;

/**
 * A hardware type as {@code GET /v1/drivers} shows it: its name, the conductors offering it, and for
 * each interface slot the default and the enabled implementations ({@code interfaces}).
 */
public record DriverSummary(String name, List<String> hosts, List<InterfaceChoice> interfaces) {

    /** One slot of the type: {@code kind} is e.g. {@code power}; {@code defaultImplementation} comes first in {@code enabled}. */
    public record InterfaceChoice(String kind, String defaultImplementation, List<String> enabled) {
        public InterfaceChoice {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(defaultImplementation, "defaultImplementation");
            enabled = List.copyOf(enabled);
        }
    }

    public DriverSummary {
        Objects.requireNonNull(name, "name");
        hosts = List.copyOf(hosts);
        interfaces = List.copyOf(interfaces);
    }
}
