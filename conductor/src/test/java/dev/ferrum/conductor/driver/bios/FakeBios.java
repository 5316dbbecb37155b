package dev.ferrum.conductor.driver.bios;

import dev.ferrum.conductor.bios.BiosSetting;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.BiosSettingStore;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * fake-hardware's BIOS slot ({@code fake}), as Ironic's fake: there is no machine, so caching keeps what is
 * cached, applying a configuration writes its values into the cache, and a factory reset empties it.
 */
public final class FakeBios implements BiosInterface {
    private final BiosSettingStore settings;
    private final Clock clock;

    public FakeBios(BiosSettingStore settings, Clock clock) {
        this.settings = settings;
        this.clock = clock;
    }

    @Override
    public void cacheSettings(Node node) {
    }

    @Override
    public void applyConfiguration(Node node, Map<String, String> changes) {
        Map<String, BiosSetting> merged = new LinkedHashMap<>();
        settings.list(node.uuid()).forEach(s -> merged.put(s.name(), s));
        changes.forEach((name, value) -> {
            BiosSetting old = merged.get(name);
            merged.put(name, new BiosSetting(name, Optional.of(value),
                    old == null ? BiosSetting.Registry.unknown() : old.registry(),
                    old == null ? clock.instant() : old.createdAt(), Optional.empty()));
        });
        settings.replaceAll(node.uuid(), List.copyOf(merged.values()));
    }

    @Override
    public void factoryReset(Node node) {
        settings.replaceAll(node.uuid(), List.of());
    }
}
