package dev.ferrum.conductor.periodic;

import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.Fault;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.PowerSyncRows;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.timeline.Timeline;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Ironic's power state sync and power failure recovery. Each pass reads the power state of every node this
 * conductor works that is settled (not enrolling, not waiting for its ramdisk, not locked, no power change under
 * way). A machine found in another power state than recorded is recorded as it is, or, with
 * {@code force_power_state_during_sync}, put back into the recorded state; a node whose BMC cannot be read (or
 * cannot be forced) {@code maxFailures} passes in a row goes into maintenance with the {@code power failure} fault.
 * A node in maintenance for that fault is read too, and once its BMC answers again it leaves maintenance and the
 * fault is cleared. Nodes an operator put into maintenance are left alone. Reads run in parallel, bounded overall
 * and per BMC address; everything noteworthy goes into the node's timeline.
 *
 * <p>The BMC is read without the node's lock, as Ironic reads it under a shared lock: a BMC can take seconds to
 * answer, and holding the lock meanwhile turned a user's provision or power request that arrived then into a 409
 * "locked". The lock is taken only where something is to be written, and then only if the node was not written
 * since it was read before asking the BMC; otherwise the answer may predate a power action, and the next pass
 * reads again.
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

    /** Reads and, to force a machine back, sets a node's power; both throw when the BMC fails. */
    public interface PowerControl extends PowerReader {
        void set(Node node, PowerState target);
    }

    private final Store store;
    private final PowerControl control;
    private final String conductor;
    private final PowerSyncConfig config;
    private final Timeline timeline;
    /** Consecutive failed reads (or forcings) per node; forgotten on a good read or once in maintenance. */
    private final Map<UUID, Integer> failures = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("ferrum-power-sync").daemon().factory());

    /** Records what the BMC says, never forces (the shape flow tests use). */
    public PowerSync(Store store, PowerReader reader, String conductor, int maxFailures) {
        this(store, new PowerControl() {
            @Override
            public PowerState read(Node node) {
                return reader.read(node);
            }

            @Override
            public void set(Node node, PowerState target) {
                throw new UnsupportedOperationException("this power sync only reads");
            }
        }, conductor, PowerSyncConfig.defaults().withMaxFailures(maxFailures).withForce(false), Clock.systemUTC());
    }

    public PowerSync(Store store, PowerControl control, String conductor, PowerSyncConfig config, Clock clock) {
        this.store = store;
        this.control = control;
        this.conductor = conductor;
        this.config = config;
        this.timeline = new Timeline(store, conductor, clock);
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

    /**
     * One pass; returns the nodes it put into maintenance for a power failure. The candidates come from the store's
     * narrow listing ({@link PowerSyncRows}), owned ones only; a node is read in full just before its BMC is asked,
     * and skipped if it changed in between so it is no longer settled.
     */
    public List<UUID> syncOnce() {
        List<UUID> faulted = new CopyOnWriteArrayList<>();
        List<PowerSyncRows.Row> owned = store.powerSyncRows().all().stream()
                .filter(row -> config.worksOn().test(listed(row))).toList();
        BmcLanes.run(owned, row -> row.bmcAddress().orElse("node:" + row.uuid()), PowerSyncRows.Row::uuid,
                config.workers(), config.perBmc(), "power sync", row -> syncOne(row.uuid()).ifPresent(faulted::add));
        return List.copyOf(faulted);
    }

    /** The node as {@link PowerSyncConfig#worksOn} sees it: only uuid, driver and group (what the ring reads). */
    private static Node listed(PowerSyncRows.Row row) {
        return Node.builder(row.uuid(), row.driver(), Instant.EPOCH).conductorGroup(row.conductorGroup()).build();
    }

    /** Settled enough to read its power: the listing's conditions, checked again on the node read in full. */
    private static boolean settled(Node node) {
        return node.reservation().isEmpty() && node.provisionState() != ProvisionState.ENROLL
                && !node.provisionState().hasDeadline() && node.targetPowerState().isEmpty()
                && (!node.maintenance() || powerFailed(node));
    }

    private static boolean powerFailed(Node node) {
        return node.maintenance() && node.attributes().fault().equals(Optional.of(Fault.POWER_FAILURE));
    }

    /** Reads one node's BMC; returns the node if it was just put into maintenance. */
    private Optional<UUID> syncOne(UUID uuid) {
        Optional<Node> found = store.nodes().find(uuid);
        if (found.isEmpty() || !settled(found.get())) {
            return Optional.empty();
        }
        Node node = found.get();
        boolean recovering = powerFailed(node);
        PowerState actual;
        try {
            actual = control.read(node);
        } catch (RuntimeException unreachable) {
            if (recovering) {
                LOG.log(System.Logger.Level.DEBUG, "node=" + node.uuid() + " still no power state: "
                        + unreachable.getMessage());
                return Optional.empty();
            }
            String error = String.valueOf(unreachable.getMessage());
            return underLock(node, (lock, locked) -> failed(lock, locked, "the BMC could not be read", error,
                    Optional.empty()));
        }
        if (!recovering && node.powerState().equals(Optional.of(actual))) {
            failures.remove(node.uuid());
            return Optional.empty();
        }
        return underLock(node, (lock, locked) -> recovering ? recovered(lock, locked, actual)
                : differs(lock, locked, actual));
    }

    /** What a pass does to a node whose BMC it read, under the node's lock; true when it put the node into maintenance. */
    @FunctionalInterface
    private interface LockedChange {
        boolean apply(NodeLock lock, Node node);
    }

    /**
     * Applies {@code change} under the node's lock, to the node as it is then, if nothing was written to it since
     * {@code read} (the node as it was before its BMC was asked). A node locked meanwhile, or written (a power
     * action, a provision request, a heartbeat), waits for the next pass: the BMC's answer may be older than it.
     */
    private Optional<UUID> underLock(Node read, LockedChange change) {
        Optional<NodeLock> lock = store.locks().tryAcquire(read.uuid(), conductor);
        if (lock.isEmpty()) {
            return Optional.empty();
        }
        try {
            Optional<Node> now = store.nodes().find(read.uuid());
            if (now.isEmpty() || now.get().version() != read.version()) {
                LOG.log(System.Logger.Level.DEBUG, () -> "node=" + read.uuid() + " changed while its BMC was read;"
                        + " left for the next power sync");
                return Optional.empty();
            }
            return change.apply(lock.get(), now.get()) ? Optional.of(read.uuid()) : Optional.empty();
        } finally {
            store.locks().release(lock.get());
        }
    }

    /** A node in maintenance for a power failure whose BMC answers again leaves maintenance. */
    private boolean recovered(NodeLock lock, Node node, PowerState actual) {
        failures.remove(node.uuid());
        Node cleared = store.nodes().update(lock, node.version(), b -> b.powerState(actual).maintenance(false)
                .maintenanceReason(Optional.empty()).editAttributes(a -> a.withFault(Optional.empty())));
        timeline.record(cleared, Timeline.Entry.of("maintenance", "maintenance.cleared", NodeEvent.Severity.INFO,
                "The BMC answers again (power " + actual.wireName() + "); maintenance and the \"power failure\""
                        + " fault cleared").with("fault", Fault.POWER_FAILURE.wireName()));
        LOG.log(System.Logger.Level.INFO, "node=" + node.uuid() + " recovered from power failure, power " + actual);
        return false;
    }

    /** The machine is in another power state than recorded: record it, or force it back; true when faulted. */
    private boolean differs(NodeLock lock, Node node, PowerState actual) {
        Optional<PowerState> recorded = node.powerState();
        if (recorded.isEmpty() || !config.force()) {
            failures.remove(node.uuid());
            Node written = store.nodes().update(lock, node.version(), b -> b.powerState(actual));
            String was = recorded.map(PowerState::wireName).orElse("unknown");
            timeline.record(written, Timeline.Entry.of("power", "power.sync", recorded.isEmpty()
                    ? NodeEvent.Severity.INFO : NodeEvent.Severity.WARNING, "Power sync: the BMC reports "
                    + actual.wireName() + " (recorded: " + was + "); recorded " + actual.wireName())
                    .with("recorded", was).with("actual", actual.wireName()).with("forced", "false"));
            LOG.log(System.Logger.Level.INFO, "node=" + node.uuid() + " power state recorded as " + actual
                    + " (was " + was + ")");
            return false;
        }
        PowerState wanted = recorded.get();
        try {
            control.set(node, wanted);
        } catch (RuntimeException refused) {
            return failed(lock, node, "the machine could not be put back to " + wanted.wireName(),
                    String.valueOf(refused.getMessage()), Optional.of(actual));
        }
        // Counted as a failure until a later read finds the machine where it belongs.
        int forced = failures.merge(node.uuid(), 1, Integer::sum);
        timeline.record(node, Timeline.Entry.of("power", "power.sync", NodeEvent.Severity.WARNING,
                "Power sync: the BMC reports " + actual.wireName() + " but " + wanted.wireName() + " is recorded;"
                        + " forced back to " + wanted.wireName() + " (force_power_state_during_sync, attempt " + forced
                        + " of " + config.maxFailures() + ")")
                .with("recorded", wanted.wireName()).with("actual", actual.wireName()).with("forced", "true"));
        if (forced >= config.maxFailures()) {
            // Forced as often as allowed and it keeps drifting: stop fighting the machine, like Ironic.
            return fault(lock, node, "its power state kept changing to " + actual.wireName() + " although forced"
                    + " back to " + wanted.wireName() + " " + forced + " times", Optional.of(actual));
        }
        return false;
    }

    /** Counts a failed pass; on the {@code maxFailures}th in a row the node gets the power failure fault. */
    private boolean failed(NodeLock lock, Node node, String what, String error, Optional<PowerState> actual) {
        int failed = failures.merge(node.uuid(), 1, Integer::sum);
        LOG.log(System.Logger.Level.WARNING, "node=" + node.uuid() + " power sync: " + what + " (" + failed + " of "
                + config.maxFailures() + "): " + error);
        timeline.record(node, Timeline.Entry.of("power", "power.read_failed", NodeEvent.Severity.WARNING,
                "Power sync: " + what + " (" + failed + " of " + config.maxFailures() + "): " + error)
                .with("error", error).with("failures", failed).with("max", config.maxFailures()));
        if (failed < config.maxFailures()) {
            return false;
        }
        return fault(lock, node, what + " " + config.maxFailures() + " times in a row (last error: " + error + ")",
                actual);
    }

    private boolean fault(NodeLock lock, Node node, String why, Optional<PowerState> actual) {
        failures.remove(node.uuid());
        String reason = "During power state sync " + why + "; the node is in maintenance until its power state can"
                + " be read again. Check the BMC address and credentials in driver_info.";
        Node faulted = store.nodes().update(lock, node.version(), b -> {
            b.maintenance(true).maintenanceReason(reason)
                    .editAttributes(a -> a.withFault(Optional.of(Fault.POWER_FAILURE)));
            actual.ifPresent(b::powerState);
        });
        timeline.record(faulted, Timeline.Entry.of("maintenance", "maintenance.set", NodeEvent.Severity.ERROR, reason)
                .with("reason", reason).with("fault", Fault.POWER_FAILURE.wireName()));
        LOG.log(System.Logger.Level.ERROR, "node=" + node.uuid() + " into maintenance, fault \"power failure\"");
        return true;
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
