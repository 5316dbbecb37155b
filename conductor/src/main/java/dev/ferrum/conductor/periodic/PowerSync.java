package dev.ferrum.conductor.periodic;

import dev.ferrum.conductor.node.Fault;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.NodeQuery;
import dev.ferrum.conductor.store.Page;
import dev.ferrum.conductor.store.Store;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Ironic's power state sync and power failure recovery. Each pass reads the power state of every node that
 * is settled (not enrolling, not locked, no power change under way) and records it; a node whose BMC cannot
 * be read {@code maxFailures} passes in a row goes into maintenance with the {@code power failure} fault. A
 * node in maintenance for that fault is read too, and once its BMC answers again it leaves maintenance and
 * the fault is cleared. Nodes an operator put into maintenance are left alone.
 */
public final class PowerSync implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(PowerSync.class.getName());
    /** Ironic's default {@code [conductor]power_state_sync_max_retries}. */
    public static final int DEFAULT_MAX_FAILURES = 3;
    /** Ironic's default {@code [conductor]sync_power_state_interval}. */
    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(60);

    /** Reads a node's power from its BMC; throws when the BMC cannot be reached. */
    @FunctionalInterface
    public interface PowerReader {
        PowerState read(Node node);
    }

    private final Store store;
    private final PowerReader reader;
    private final String conductor;
    private final int maxFailures;
    /** Consecutive failed reads per node; forgotten on a good read or once the node is put in maintenance. */
    private final Map<UUID, Integer> failures = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("ferrum-power-sync").daemon().factory());

    public PowerSync(Store store, PowerReader reader, String conductor, int maxFailures) {
        if (maxFailures < 1) {
            throw new IllegalArgumentException("maxFailures must be at least 1, got " + maxFailures);
        }
        this.store = store;
        this.reader = reader;
        this.conductor = conductor;
        this.maxFailures = maxFailures;
    }

    /** Syncs every {@code interval} until closed. */
    public void start(Duration interval) {
        timer.scheduleWithFixedDelay(() -> {
            try {
                syncOnce();
            } catch (RuntimeException failure) {
                LOG.log(System.Logger.Level.ERROR, "power sync failed; retrying next interval: "
                        + failure.getMessage(), failure);
            }
        }, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** One pass; returns the nodes it put into maintenance for a power failure. */
    public List<UUID> syncOnce() {
        List<UUID> faulted = new ArrayList<>();
        for (Node listed : allNodes()) {
            boolean recovering = listed.maintenance()
                    && listed.attributes().fault().equals(Optional.of(Fault.POWER_FAILURE));
            if (listed.provisionState() == ProvisionState.ENROLL || listed.reservation().isPresent()
                    || listed.targetPowerState().isPresent() || (listed.maintenance() && !recovering)) {
                continue;
            }
            Optional<NodeLock> lock = store.locks().tryAcquire(listed.uuid(), conductor);
            if (lock.isEmpty()) {
                continue;
            }
            try {
                if (sync(lock.get(), store.nodes().get(listed.uuid()))) {
                    faulted.add(listed.uuid());
                }
            } finally {
                store.locks().release(lock.get());
            }
        }
        return faulted;
    }

    /** Syncs one locked node; true when it was just put into maintenance. */
    private boolean sync(NodeLock lock, Node node) {
        boolean recovering = node.maintenance()
                && node.attributes().fault().equals(Optional.of(Fault.POWER_FAILURE));
        PowerState actual;
        try {
            actual = reader.read(node);
        } catch (RuntimeException unreachable) {
            if (recovering) {
                LOG.log(System.Logger.Level.DEBUG, "node=" + node.uuid() + " still no power state: "
                        + unreachable.getMessage());
                return false;
            }
            int failed = failures.merge(node.uuid(), 1, Integer::sum);
            LOG.log(System.Logger.Level.WARNING, "node=" + node.uuid() + " power state could not be read (" + failed
                    + " of " + maxFailures + "): " + unreachable.getMessage());
            if (failed < maxFailures) {
                return false;
            }
            failures.remove(node.uuid());
            String reason = "During power state sync the BMC could not be read " + maxFailures + " times in a row"
                    + " (last error: " + unreachable.getMessage() + "); the node is in maintenance until its"
                    + " power state can be read again. Check the BMC address and credentials in driver_info.";
            store.nodes().update(lock, node.version(), b -> b.maintenance(true).maintenanceReason(reason)
                    .editAttributes(a -> a.withFault(Optional.of(Fault.POWER_FAILURE))));
            LOG.log(System.Logger.Level.ERROR, "node=" + node.uuid() + " into maintenance, fault \"power failure\"");
            return true;
        }
        failures.remove(node.uuid());
        if (recovering) {
            store.nodes().update(lock, node.version(), b -> b.powerState(actual).maintenance(false)
                    .maintenanceReason(Optional.empty()).editAttributes(a -> a.withFault(Optional.empty())));
            LOG.log(System.Logger.Level.INFO, "node=" + node.uuid() + " recovered from power failure, power "
                    + actual);
        } else if (!node.powerState().equals(Optional.of(actual))) {
            store.nodes().update(lock, node.version(), b -> b.powerState(actual));
            LOG.log(System.Logger.Level.INFO, "node=" + node.uuid() + " power state recorded as " + actual
                    + " (was " + node.powerState().map(PowerState::toString).orElse("unknown") + ")");
        }
        return false;
    }

    private List<Node> allNodes() {
        // The whole list first: updates during the pass must not shift later pages.
        List<Node> nodes = new ArrayList<>();
        NodeQuery query = NodeQuery.all();
        Optional<UUID> marker = Optional.empty();
        do {
            Page<Node> page = store.nodes().list(marker.map(query::after).orElse(query));
            nodes.addAll(page.items());
            marker = page.nextMarker();
        } while (marker.isPresent());
        return nodes;
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
