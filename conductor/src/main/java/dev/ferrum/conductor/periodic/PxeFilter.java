package dev.ferrum.conductor.periodic;

import dev.ferrum.conductor.driver.boot.BootBoard;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.PortBootStore;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.pxe.PxeException;
import dev.ferrum.pxe.dhcp.DhcpHostsDirectory;
import dev.ferrum.pxe.dhcp.HostAccess;
import dev.ferrum.pxe.dhcp.SyncReport;
import dev.ferrum.pxe.script.BootScript;
import dev.ferrum.support.net.MacAddress;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The conductor's PXE filter: from the store, decides which machines DHCP answers and whether unknown
 * machines get the discovery (inspection) boot, then makes the dnsmasq hosts directory and the boot
 * script source say so. Runs every interval, once at start, and soon after any transition of this
 * process into or out of a state that network-boots the agent ramdisk or waits for inspection.
 *
 * <p>The rules:
 * <ul>
 *   <li>a port's MAC is allowed while its node {@linkplain ProvisionState#bootsAgentRamdisk() boots the
 *   agent ramdisk} (inspect, deploy, clean, rescue and their wait states), and while it is {@code active}
 *   with a network boot interface (its boot script hands over to the local disk, see
 *   {@code NetworkBoot.prepareInstance}); denied otherwise;</li>
 *   <li>unknown MACs (no port) are allowed, and served the discovery boot, while some node waits in
 *   {@code inspect wait}, or always with discovery on; denied and sent to their next boot device
 *   otherwise;</li>
 *   <li>files of MACs that no longer have a port are deleted, which costs dnsmasq a SIGHUP through the
 *   directory's signaller (dnsmasq's inotify ignores deletions).</li>
 * </ul>
 *
 * <p>Compared with ironic-inspector's dnsmasq PXE filter, the same: one file per MAC with an
 * {@code ignore} record for denied ones, a periodic full sync (15 s by default there and here), and
 * unknown MACs admitted while an introspection runs (inspector's default, without
 * {@code deny_unknown_macs}). Different: Ferrum's dnsmasq also serves deploy, clean and rescue boots
 * (Ironic leaves those to Neutron), so those states allow too; a standing {@code --discovery} admits
 * unknown machines without any inspection running; stale files are deleted and dnsmasq signalled
 * rather than left behind; and a transition triggers a sync at once instead of waiting for the period.
 * Only nodes seen through the store count, so several conductors sharing a database write the same
 * records for every node, whichever owns it, once each has synced (ironic-inspector's filter does the
 * same on each of its instances); each must own its own hosts directory.
 */
public final class PxeFilter implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(PxeFilter.class.getName());
    private static final Set<String> NETWORK_BOOT_INTERFACES = Set.of("ipxe", "pxe");

    private final Store store;
    private final Optional<DhcpHostsDirectory> hosts;
    private final BootBoard scripts;
    private final BootScript.AgentBoot discoveryBoot;
    private final boolean discoveryAlways;
    private final AtomicBoolean syncPending = new AtomicBoolean();
    // Only touched inside the synchronized syncOnce.
    private boolean hangUpOwed;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("ferrum-pxe-filter").daemon().factory());

    /**
     * @param hosts dnsmasq's hosts directory, none when DHCP is managed elsewhere (the discovery boot
     *     script is still switched)
     * @param discoveryBoot what unknown machines boot while they are allowed
     * @param discoveryAlways admit unknown machines even when no inspection runs
     */
    public PxeFilter(Store store, Optional<DhcpHostsDirectory> hosts, BootBoard scripts,
            BootScript.AgentBoot discoveryBoot, boolean discoveryAlways) {
        this.store = store;
        this.hosts = hosts;
        this.scripts = scripts;
        this.discoveryBoot = discoveryBoot;
        this.discoveryAlways = discoveryAlways;
    }

    /**
     * Syncs now, then every {@code interval}, and soon after each relevant transition, until closed.
     * The first sync runs before this returns, so the directory is right before anyone boots; its
     * failure is logged, not thrown (dnsmasq is often started after the conductor, so a SIGHUP for
     * deleted files can fail now and is sent on a later sync).
     */
    public void start(Duration interval) {
        syncLogged();
        store.addTransitionListener((from, node) -> {
            if (matters(from) || matters(node.provisionState())) {
                syncSoon();
            }
        });
        timer.scheduleWithFixedDelay(this::syncLogged, interval.toMillis(), interval.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    private static boolean matters(ProvisionState state) {
        return state.bootsAgentRamdisk() || state == ProvisionState.ACTIVE;
    }

    /** Queues one sync on the filter's thread; further requests before it runs are folded into it. */
    private void syncSoon() {
        if (syncPending.compareAndSet(false, true)) {
            try {
                timer.execute(() -> {
                    syncPending.set(false);
                    syncLogged();
                });
            } catch (java.util.concurrent.RejectedExecutionException closed) {
                syncPending.set(false);
            }
        }
    }

    private void syncLogged() {
        try {
            syncOnce();
        } catch (RuntimeException failure) {
            LOG.log(System.Logger.Level.ERROR, "PXE filter sync failed; retrying next interval: "
                    + failure.getMessage(), failure);
        }
    }

    /** One full sync against the store; returns what changed in the hosts directory (nothing without one). */
    public synchronized SyncReport syncOnce() {
        FilterDecision decision = decide();
        // Discovery script first when opening, last when closing: DHCP never admits a machine that
        // would then find no script, only the other way round (which sends it to its next device).
        if (decision.unknownHosts() == HostAccess.ALLOW) {
            scripts.setDiscovery(Optional.of(discoveryBoot));
        }
        SyncReport report = hosts.map(directory -> synchronize(directory, decision)).orElse(new SyncReport(0, 0, false));
        if (decision.unknownHosts() == HostAccess.DENY) {
            scripts.setDiscovery(Optional.empty());
        }
        if (!report.unchanged()) {
            LOG.log(System.Logger.Level.INFO, "PXE filter: " + report.written() + " file(s) written, "
                    + report.removed() + " removed; unknown machines " + (decision.unknownHosts() == HostAccess.ALLOW
                    ? "admitted for discovery" : "ignored"));
        }
        return report;
    }

    /**
     * Writes the decision; a SIGHUP that failed after files were deleted is owed and sent first on the
     * next sync, since that sync deletes nothing more and would not signal by itself.
     */
    private SyncReport synchronize(DhcpHostsDirectory directory, FilterDecision decision) {
        if (hangUpOwed) {
            directory.compact();
            hangUpOwed = false;
        }
        try {
            return directory.synchronize(decision.macs(), decision.unknownHosts());
        } catch (PxeException e) {
            hangUpOwed = true;
            throw e;
        }
    }

    /**
     * The access of every port's MAC and of unknown MACs, as the store says now: a narrow read of each port's
     * node state (every conductor runs this over the whole fleet every interval; whole node rows cost too much).
     */
    FilterDecision decide() {
        Map<MacAddress, HostAccess> macs = new HashMap<>();
        for (PortBootStore.PortBoot port : store.portBoots().list()) {
            macs.put(port.address(), networkBoots(port) ? HostAccess.ALLOW : HostAccess.DENY);
        }
        boolean inspecting = store.portBoots().anyIn(ProvisionState.INSPECT_WAIT);
        return new FilterDecision(macs, discoveryAlways || inspecting ? HostAccess.ALLOW : HostAccess.DENY);
    }

    private static boolean networkBoots(PortBootStore.PortBoot port) {
        ProvisionState state = port.provisionState();
        return state.bootsAgentRamdisk() || state == ProvisionState.ACTIVE
                && port.bootInterface().filter(NETWORK_BOOT_INTERFACES::contains).isPresent();
    }

    /** What the filter decided: each known MAC's access, and that of every other MAC. */
    record FilterDecision(Map<MacAddress, HostAccess> macs, HostAccess unknownHosts) {
        FilterDecision {
            macs = Map.copyOf(macs);
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
