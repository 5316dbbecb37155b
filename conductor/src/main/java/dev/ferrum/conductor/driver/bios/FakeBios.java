package dev.ferrum.conductor.driver.bios;

import dev.ferrum.conductor.bios.BiosSetting;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.driver.step.StepServices;
import dev.ferrum.conductor.node.Node;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * fake-hardware's BIOS slot ({@code fake}): there is no machine, so the cache stands in for it. Reading gives
 * what is cached, applying a configuration writes its values into the cache (keeping registry entries), and a
 * factory reset empties it.
 */
public final class FakeBios implements BiosInterface {
    @Override
    public String name() {
        return "fake";
    }

    @Override
    public Validation validate(Node node) {
        return Validation.ok();
    }

    @Override
    public List<Reading> read(Node node, StepServices services) {
        return services.store().bios().list(node.uuid()).stream()
                .map(s -> new Reading(s.name(), s.value(), s.registry())).toList();
    }

    @Override
    public void applyConfiguration(Node node, Map<String, String> changes, StepServices services) {
        Map<String, BiosSetting> merged = new LinkedHashMap<>();
        services.store().bios().list(node.uuid()).forEach(s -> merged.put(s.name(), s));
        changes.forEach((name, value) -> {
            BiosSetting old = merged.get(name);
            merged.put(name, new BiosSetting(name, Optional.of(value),
                    old == null ? BiosSetting.Registry.unknown() : old.registry(),
                    old == null ? services.clock().instant() : old.createdAt(), Optional.empty()));
        });
        services.store().bios().replaceAll(node.uuid(), List.copyOf(merged.values()));
    }

    @Override
    public void factoryReset(Node node, StepServices services) {
        services.store().bios().replaceAll(node.uuid(), List.of());
    }
}
