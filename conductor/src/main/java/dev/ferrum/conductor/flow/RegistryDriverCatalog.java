package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.api.actions.DriverCatalog;
import dev.ferrum.conductor.api.actions.DriverSummary;
import dev.ferrum.conductor.driver.DriverRegistry;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.NodeInterfaces;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The API's view of the enabled hardware types, answered by the conductor's {@link DriverRegistry}. */
public final class RegistryDriverCatalog implements DriverCatalog {
    private final DriverRegistry registry;

    public RegistryDriverCatalog(DriverRegistry registry) {
        this.registry = registry;
    }

    @Override
    public List<DriverSummary> drivers() {
        return registry.drivers().stream().map(d -> new DriverSummary(d.name(), d.hosts(),
                Arrays.stream(InterfaceKind.values())
                        .map(k -> new DriverSummary.InterfaceChoice(k.name().toLowerCase(Locale.ROOT), d.defaultFor(k),
                                d.enabledFor(k)))
                        .toList())).toList();
    }

    @Override
    public NodeInterfaces resolveInterfaces(String driver, NodeInterfaces requested) {
        return registry.resolve(driver, requested);
    }
}
