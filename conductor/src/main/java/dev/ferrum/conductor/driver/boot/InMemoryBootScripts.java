package dev.ferrum.conductor.driver.boot;

import dev.ferrum.pxe.http.BootScriptSource;
import dev.ferrum.pxe.script.BootScript;
import dev.ferrum.pxe.script.ConsoleText;
import dev.ferrum.support.net.MacAddress;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The {@link BootScriptSource} the conductor mounts {@code BootFileService} with: boot scripts
 * per MAC, published by the network boot interfaces, plus the discovery boot while discovery runs.
 * Thread-safe; lookups are a map read because iPXE is waiting.
 */
public final class InMemoryBootScripts implements BootScriptSource {
    /** How long an enrolled machine that is not network-booting shows why before it boots on. */
    static final Duration ENROLLED_IDLE_PAUSE = Duration.ofSeconds(3);

    private final Map<MacAddress, BootScript> scripts = new ConcurrentHashMap<>();
    private final AtomicReference<Optional<BootScript.AgentBoot>> discovery = new AtomicReference<>(Optional.empty());
    private final AtomicReference<Set<MacAddress>> enrolled = new AtomicReference<>(Set.of());

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

    /**
     * The MACs of every enrolled port, as the PXE filter last read them: one of them without a published
     * script belongs to a node that is not network-booting now, and must not be taken for an unknown
     * machine and given the discovery boot.
     */
    public void setEnrolled(Set<MacAddress> macs) {
        enrolled.set(Set.copyOf(macs));
    }

    @Override
    public Optional<BootScript> scriptFor(MacAddress mac) {
        BootScript published = scripts.get(mac);
        if (published != null) {
            return Optional.of(published);
        }
        if (enrolled.get().contains(mac)) {
            return Optional.of(new BootScript.NextDevice(new ConsoleText("MAC " + mac + " belongs to an enrolled node"
                    + " that is not being inspected, deployed, cleaned or rescued now, so it boots its next device."),
                    ENROLLED_IDLE_PAUSE));
        }
        return Optional.empty();
    }

    @Override
    public Optional<BootScript.AgentBoot> discovery() {
        return discovery.get();
    }
}
