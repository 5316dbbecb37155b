package dev.ferrum.conductor.driver.boot;

import dev.ferrum.pxe.MacAddress;
import dev.ferrum.pxe.http.BootScriptSource;
import dev.ferrum.pxe.script.BootScript;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The {@link BootScriptSource} the conductor mounts {@code BootFileService} with: boot scripts
 * per MAC, published by the network boot interfaces, plus the discovery boot while discovery runs.
 * Thread-safe; lookups are a map read because iPXE is waiting.
 */
public final class InMemoryBootScripts implements BootScriptSource {
    private final Map<MacAddress, BootScript> scripts = new ConcurrentHashMap<>();
    private final AtomicReference<Optional<BootScript.AgentBoot>> discovery = new AtomicReference<>(Optional.empty());

    /** Serves {@code script} to {@code mac} from now on. */
    public void publish(MacAddress mac, BootScript script) {
        scripts.put(mac, script);
    }

    /** Stops serving {@code mac}; it becomes unknown. */
    public void withdraw(MacAddress mac) {
        scripts.remove(mac);
    }

    /** Serves {@code boot} to unknown MACs (discovery on), or nothing (empty: discovery off). */
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
