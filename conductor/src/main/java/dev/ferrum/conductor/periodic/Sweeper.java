package dev.ferrum.conductor.periodic;

import dev.ferrum.conductor.driver.rescue.RescuePasswords;
import dev.ferrum.conductor.flow.FlowConfig;
import dev.ferrum.conductor.node.Fault;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.StepKind;
import dev.ferrum.conductor.node.StepPlan;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Fails nodes whose wait state (wait call-back, clean wait, inspect wait, rescue wait) saw no progress
 * before its deadline, through the table's {@code timeout} event, with a last_error naming the state
 * and the limit. A node another task holds is skipped and looked at again on the next sweep.
 */
public final class Sweeper implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(Sweeper.class.getName());

    private final Store store;
    private final String conductor;
    private final Clock clock;
    private final FlowConfig limits;
    private final Predicate<Node> owns;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("ferrum-sweeper").daemon().factory());

    public Sweeper(Store store, String conductor, Clock clock, FlowConfig limits) {
        this(store, conductor, clock, limits, node -> true);
    }

    /**
     * A sweeper that only looks at the nodes {@code owns} accepts: with several conductors, the ones this
     * conductor owns on the hash ring, so each node is swept by one conductor.
     */
    public Sweeper(Store store, String conductor, Clock clock, FlowConfig limits, Predicate<Node> owns) {
        this.owns = owns;
        this.store = store;
        this.conductor = conductor;
        this.clock = clock;
        this.limits = limits;
    }

    /** Sweeps every {@code interval} until closed. */
    public void start(Duration interval) {
        timer.scheduleWithFixedDelay(() -> {
            try {
                sweepOnce();
            } catch (RuntimeException failure) {
                LOG.log(System.Logger.Level.ERROR, "sweep failed; retrying next interval: " + failure.getMessage(),
                        failure);
            }
        }, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** One sweep; returns the nodes it failed. */
    public List<UUID> sweepOnce() {
        Instant now = clock.instant();
        List<UUID> failed = new ArrayList<>();
        for (Node stale : store.nodes().findPastDeadline(now)) {
            if (!owns.test(stale)) {
                continue;
            }
            Optional<NodeLock> lock = store.locks().tryAcquire(stale.uuid(), conductor);
            if (lock.isEmpty()) {
                continue;
            }
            try {
                Node node = store.nodes().get(stale.uuid());
                ProvisionState state = node.provisionState();
                boolean late = state.hasDeadline() && node.internal().waitDeadline().filter(now::isAfter).isPresent();
                if (late) {
                    String error = "Timeout reached while waiting for " + waitedFor(node) + " in state \"" + state
                            + "\": no progress within " + limitOf(limits, state).toSeconds() + " s (deadline "
                            + node.internal().waitDeadline().get() + "). " + hint(node) + ", then retry.";
                    // A clean step that never reported back leaves the node in maintenance with a fault, as in
                    // Ironic; timing out before any step ran does not.
                    boolean stepRunning = state == ProvisionState.CLEAN_WAIT && node.internal().stepPlan()
                            .filter(p -> p.kind() == StepKind.CLEAN).flatMap(StepPlan::current).isPresent();
                    store.transition(lock.get(), node.version(), state, ProvisionEvent.TIMEOUT,
                            b -> {
                                b.lastError(error).editInternal(s -> s.withStepPlan(Optional.empty()));
                                if (state == ProvisionState.RESCUE_WAIT) {
                                    // A rescue that timed out must not keep the password hash, nor trust its agent.
                                    b.instanceInfo(RescuePasswords.without(node.instanceInfo()))
                                            .editInternal(s -> s.withoutAgent());
                                }
                                if (stepRunning) {
                                    b.maintenance(true).maintenanceReason(node.maintenanceReason().or(() ->
                                            Optional.of(error))).editAttributes(a -> a.withFault(
                                            Optional.of(Fault.CLEAN_FAILURE)));
                                }
                            });
                    failed.add(node.uuid());
                }
            } finally {
                store.locks().release(lock.get());
            }
        }
        return failed;
    }

    /** A node the remote inspection service inspects waits on that service, not on a ramdisk of ours. */
    private static boolean waitsOnInspectorService(Node node) {
        return node.provisionState() == ProvisionState.INSPECT_WAIT
                && node.interfaces().get(InterfaceKind.INSPECT).filter("inspector"::equals).isPresent();
    }

    private static String waitedFor(Node node) {
        return waitsOnInspectorService(node) ? "the inspector service to finish introspection" : "the ramdisk";
    }

    private static String hint(Node node) {
        return waitsOnInspectorService(node) ? "Check the inspector service's own status and log for the node"
                : "Check the node booted the ramdisk and the agent can reach the conductor";
    }

    /** The wait timeout of a state with a deadline. */
    static Duration limitOf(FlowConfig limits, ProvisionState state) {
        return switch (state) {
            case CLEAN_WAIT -> limits.cleanWaitTimeout();
            case INSPECT_WAIT -> limits.inspectWaitTimeout();
            default -> limits.deployWaitTimeout();
        };
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
