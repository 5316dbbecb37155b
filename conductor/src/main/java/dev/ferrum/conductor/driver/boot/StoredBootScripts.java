package dev.ferrum.conductor.driver.boot;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.port.Port;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.pxe.http.BootScriptSource;
import dev.ferrum.pxe.script.BootScript;
import dev.ferrum.pxe.script.ConsoleText;
import dev.ferrum.support.net.MacAddress;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The conductor's {@link BootBoard} and the {@link BootScriptSource} its boot-file service serves: a
 * node's boot is recorded in the store ({@code node_boot_states}) and its script rendered when the
 * machine asks, from the port that has the MAC, the node and its recorded boot. So any conductor on the
 * database answers a booting machine the same, whichever prepared its boot (Ironic instead writes the
 * files on the preparing conductor and points DHCP at it; Ferrum's conductors each run a boot server,
 * so the state lives where all of them read). The discovery boot stays per process: every conductor's
 * PXE filter derives it from the store on each sync.
 */
public final class StoredBootScripts implements BootBoard, BootScriptSource {
    private static final System.Logger LOG = System.getLogger(StoredBootScripts.class.getName());
    /** How long an enrolled machine that is not network-booting shows why before it boots on. */
    static final Duration ENROLLED_IDLE_PAUSE = Duration.ofSeconds(3);

    private final Store store;
    private final BootRenderer renderer;
    private final AtomicReference<Optional<BootScript.AgentBoot>> discovery = new AtomicReference<>(Optional.empty());

    public StoredBootScripts(Store store, BootConfig config) {
        this.store = store;
        this.renderer = new BootRenderer(config);
    }

    @Override
    public void publish(BootTarget target, BootState state, BootScript script) {
        // The script is re-rendered on request, by whichever conductor is asked.
        store.bootStates().put(target.node().uuid(), state.toRecord());
    }

    @Override
    public void withdraw(BootTarget target) {
        store.bootStates().clear(target.node().uuid());
    }

    @Override
    public void setDiscovery(Optional<BootScript.AgentBoot> boot) {
        discovery.set(boot);
    }

    @Override
    public Optional<BootScript> scriptFor(MacAddress mac) {
        Optional<Port> port = store.ports().findByAddress(mac);
        if (port.isEmpty()) {
            return Optional.empty();
        }
        Optional<Node> node = store.nodes().find(port.get().nodeUuid());
        Optional<BootState> state = node.flatMap(n -> store.bootStates().find(n.uuid())).map(BootState::of);
        if (node.isEmpty() || state.isEmpty()) {
            // Not taken for an unknown machine: that would hand an enrolled node the discovery boot.
            return Optional.of(next("MAC " + mac + " belongs to an enrolled node that is not being inspected,"
                    + " deployed, cleaned or rescued now, so it boots its next device."));
        }
        try {
            return Optional.of(renderer.render(node.get(), state.get()));
        } catch (DriverException e) {
            // Its boot rendered when it was prepared; the node changed since. The console only carries
            // plain text, so the reason itself goes to the log.
            LOG.log(Level.WARNING, "cannot render the boot script of MAC " + mac + ": " + e.getMessage());
            return Optional.of(next("The recorded boot of node " + node.get().uuid() + " cannot be built now"
                    + " (see the conductor log): correct its driver_info or instance_info and prepare it again."));
        }
    }

    private static BootScript next(String why) {
        return new BootScript.NextDevice(new ConsoleText(why), ENROLLED_IDLE_PAUSE);
    }

    @Override
    public Optional<BootScript.AgentBoot> discovery() {
        return discovery.get();
    }
}
