package dev.ferrum.pxe.http;

import dev.ferrum.pxe.script.BootScript;
import dev.ferrum.support.net.MacAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/**
 * An in-memory {@link BootScriptSource} for tests and simulated fleets: scripts are set per MAC,
 * discovery is switched on and off, and every MAC asked about is recorded in order.
 */
public final class FakeBootScriptSource implements BootScriptSource {
    private final Map<MacAddress, BootScript> scripts = new ConcurrentHashMap<>();
    private final AtomicReference<Optional<BootScript.AgentBoot>> discovery = new AtomicReference<>(Optional.empty());
    private final List<MacAddress> asked = new CopyOnWriteArrayList<>();

    /** Gives {@code mac} this boot from now on. */
    public FakeBootScriptSource put(MacAddress mac, BootScript script) {
        scripts.put(mac, script);
        return this;
    }

    /** Forgets {@code mac}: it becomes unknown. */
    public FakeBootScriptSource remove(MacAddress mac) {
        scripts.remove(mac);
        return this;
    }

    /** Starts discovery with this boot for unknown MACs. */
    public FakeBootScriptSource discover(BootScript.AgentBoot boot) {
        discovery.set(Optional.of(boot));
        return this;
    }

    /** Ends discovery. */
    public FakeBootScriptSource stopDiscovery() {
        discovery.set(Optional.empty());
        return this;
    }

    /** Every MAC {@link #scriptFor} was asked about, oldest first. */
    public List<MacAddress> asked() {
        return List.copyOf(asked);
    }

    @Override
    public Optional<BootScript> scriptFor(MacAddress mac) {
        asked.add(mac);
        return Optional.ofNullable(scripts.get(mac));
    }

    @Override
    public Optional<BootScript.AgentBoot> discovery() {
        return discovery.get();
    }
}
