package dev.ferrum.conductor.driver.boot;

import dev.ferrum.pxe.http.BootScriptSource;
import dev.ferrum.pxe.script.BootScript;
import dev.ferrum.support.net.MacAddress;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A board without a store for driver tests: keeps the script each MAC was last given, as the boot
 * interface rendered it. The conductor itself uses {@link StoredBootScripts}.
 */
public final class InMemoryBootScripts implements BootBoard, BootScriptSource {
    private final Map<MacAddress, BootScript> scripts = new ConcurrentHashMap<>();
    private final AtomicReference<Optional<BootScript.AgentBoot>> discovery = new AtomicReference<>(Optional.empty());

    @Override
    public void publish(BootTarget target, BootState state, BootScript script) {
        target.macs().forEach(mac -> scripts.put(mac, script));
    }

    @Override
    public void withdraw(BootTarget target) {
        target.macs().forEach(scripts::remove);
    }

    @Override
    public void setDiscovery(Optional<BootScript.AgentBoot> boot) {
        discovery.set(boot);
    }

    @Override
    public Optional<BootScript> scriptFor(MacAddress mac) {
        return Optional.ofNullable(scripts.get(mac));
    }

    @Override
    public Optional<BootScript.AgentBoot> discovery() {
        return discovery.get();
    }
}
