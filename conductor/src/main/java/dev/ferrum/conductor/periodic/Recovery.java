package dev.ferrum.conductor.periodic;

import dev.ferrum.conductor.allocation.Allocation;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.BrokenLock;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.NodeQuery;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.timeline.Timeline;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Keeps nodes from staying stuck when the conductor working on them dies. On start a conductor drops
 * the locks it held before it restarted and the locks of conductors that stopped heartbeating, and
 * fails the nodes those locks left in a state whose work lived only inside a process (deploying,
 * cleaning, inspecting, …). While running it {@linkplain #takeOverDeadConductors takes over} from
 * conductors that died and stayed dead: what can be resumed (a node in the middle of its deploy, clean or service
 * steps, an in-band inspection, work that is safe to start over) is handed to its ring owner by
 * {@link MidStepResumption}; the others fail, with a
 * last_error naming the dead conductor and the command that starts the work again. It also fails nodes left
 * unlocked in such a state for longer than
 * any live conductor leaves one (a process killed between two steps, work that ended in an
 * unexpected error, or a follow-up task that never got the node's lock, such as the power-off that
 * ends an inspection), with a last_error naming that cause. Wait states need nothing: their agents keep
 * heartbeating and the sweeper enforces their deadlines.
 */
public final class Recovery {
    private static final System.Logger LOG = System.getLogger(Recovery.class.getName());

    private final Store store;
    private final String conductor;
    private final Duration conductorTimeout;
    private final Clock clock;
    private final List<ProvisionState> stuckStates;
    private final MidStepResumption midSteps;

    /**
     * @param conductorTimeout how long a conductor may go without heartbeating before it counts as dead;
     *     twice that is how long a node may sit unlocked in a transient state before it counts as orphaned
     */
    public Recovery(Store store, String conductor, Duration conductorTimeout, Clock clock) {
        this.store = store;
        this.conductor = conductor;
        this.conductorTimeout = conductorTimeout;
        this.clock = clock;
        this.stuckStates = stuckStates(store);
        this.midSteps = new MidStepResumption(store, conductor, clock);
    }

    /**
     * Runs the start-up recovery; returns the nodes it failed. Unlocked nodes in a transient state are
     * left to {@link #takeOverDeadConductors} until they are stale: with several conductors on one
     * database such a node may be between two steps of another, live conductor's work.
     */
    public List<UUID> recover() {
        List<UUID> mine = new ArrayList<>();
        for (ProvisionState state : stuckStates) {
            nodesIn(state).stream().filter(n -> n.reservation().equals(Optional.of(conductor)))
                    .forEach(n -> mine.add(n.uuid()));
        }
        int own = store.locks().releaseAllHeldBy(conductor);
        if (own > 0) {
            LOG.log(System.Logger.Level.WARNING, "released " + own + " locks this conductor held before it restarted");
        }
        List<UUID> failed = new ArrayList<>();
        for (UUID node : mine) {
            if (failIfStuck(node, conductor, "when it restarted")) {
                failed.add(node);
            }
        }
        failed.addAll(takeOverDeadConductors());
        return failed;
    }

    /**
     * What a running conductor does periodically: break the locks of conductors that stopped
     * heartbeating more than the timeout ago and fail the nodes they left in a state whose work died with
     * them (without this such a node would wait for a conductor of the dead one's name to start again), except
     * work that can be resumed (a step of deploying, cleaning or servicing, an in-band inspection), which
     * {@link MidStepResumption} hands to the node's ring owner's {@link Takeover};
     * then fail the orphans, nodes unlocked in such a state since before twice the timeout, and settle
     * allocations left {@code allocating} as long. Returns the nodes it failed.
     */
    public List<UUID> takeOverDeadConductors() {
        List<UUID> failed = new ArrayList<>();
        Timeline timeline = new Timeline(store, conductor, clock);
        for (BrokenLock lock : store.locks().takeOverLocksOfDeadConductors(conductor, conductorTimeout)) {
            // Dealt with under the lock taken from the dead conductor: free for a moment, the node would look
            // orphaned to another conductor's sweep below and be failed instead of resumed.
            try {
                if (takeOver(lock, timeline)) {
                    failed.add(lock.node());
                }
            } catch (RuntimeException e) {
                // One node's trouble must not leave the locks taken after it held by this live conductor, where
                // nothing would ever break them: it is freed below and the next locks are dealt with as usual.
                LOG.log(System.Logger.Level.WARNING, "node=" + lock.node() + " taking over from dead conductor "
                        + lock.holder() + " failed; the node is left unlocked for the orphan sweep", e);
            } finally {
                releaseTaken(lock);
            }
        }
        // Twice the timeout as a sum: Duration.multipliedBy goes through BigDecimal, costly to initialise at start.
        Instant staleBefore = clock.instant().minus(conductorTimeout).minus(conductorTimeout);
        settleAbandonedAllocations(staleBefore);
        Predicate<Node> orphaned = node -> node.provisionUpdatedAt().filter(at -> at.isBefore(staleBefore)).isPresent();
        for (ProvisionState state : stuckStates) {
            for (Node node : nodesIn(state)) {
                // Checked again under the lock: a live conductor may have moved it on since the listing.
                if (node.reservation().isEmpty() && orphaned.test(node)
                        && failIfStuck(node.uuid(), orphaned, this::orphanError)) {
                    failed.add(node.uuid());
                }
            }
        }
        return failed;
    }

    /** Lets go of a lock taken from a dead conductor; a failure is logged, so the locks after it are still dealt with. */
    private void releaseTaken(BrokenLock lock) {
        try {
            store.locks().release(lock.taken());
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "node=" + lock.node() + " lock taken from dead conductor "
                    + lock.holder() + " could not be released", e);
        }
    }

    /** Deals with a node whose lock was taken from a dead conductor; whether it failed the node. */
    private boolean takeOver(BrokenLock lock, Timeline timeline) {
        store.nodes().find(lock.node()).ifPresent(broken -> timeline.record(broken, Timeline.Entry.of("conductor",
                "lock.broken", NodeEvent.Severity.INFO, "Conductor " + conductor + " broke the lock of a conductor"
                + " that stopped heartbeating more than " + conductorTimeout.toSeconds() + " s ago")
                .with("conductor", conductor)));
        abortPendingPower(lock);
        MidStepResumption.Outcome outcome = midSteps.resume(lock);
        return outcome == MidStepResumption.Outcome.FAILED || outcome == MidStepResumption.Outcome.LEFT
                && failIfStuck(lock.taken(), node -> true, stoppedError(lock.holder(),
                        "when it took over from a conductor that stopped heartbeating"));
    }

    /**
     * A power request the dead conductor was carrying out under the lock left {@code target_power_state} set, which
     * nothing else clears (the power sync skips such a node): it is cleared, as Ironic's takeover does, with a
     * last_error and a history entry saying the request was dropped and what to do. Not in maintenance, as Ironic.
     */
    private void abortPendingPower(BrokenLock broken) {
        Node node = store.nodes().get(broken.node());
        if (node.maintenance() || node.targetPowerState().isEmpty()) {
            return;
        }
        String error = "Pending power operation was aborted due to conductor take over: conductor "
                + broken.holder() + " died while it set the power to \"" + node.targetPowerState().get().wireName()
                + "\"; conductor " + conductor + " took over. Check the power state (baremetal node show <node>"
                + " -f value -c power_state) and ask again (baremetal node power on|off <node>) if needed.";
        Node aborted = store.nodes().update(broken.taken(), node.version(), b -> b.targetPowerState(Optional.empty())
                .lastError(error));
        new Timeline(store, conductor, clock).record(aborted, Timeline.Entry.of("conductor", "node.takeover",
                NodeEvent.Severity.ERROR, error).with("conductor", conductor));
    }

    /**
     * Why an orphan is failed. Not only a dead process leaves one: work that ends by queueing a
     * follow-up task (the power-off that finishes an inspection) leaves the node unlocked, and a task that
     * never gets the lock never moves it on.
     */
    private String orphanError(Node node) {
        String idle = 2 * conductorTimeout.toSeconds() + " s";
        if (node.provisionState() == ProvisionState.INSPECTING) {
            return "Inspection did not finish: the node stayed \"inspecting\" with no conductor working on it for "
                    + idle + ". After the ramdisk's report is processed a follow-up task powers the node off and makes"
                    + " it manageable; that task never ran (it could not lock the node) or the conductor running it"
                    + " stopped. Conductor " + conductor + " failed it after no conductor had worked on it for " + idle
                    + ". Check the node's power state, then inspect again.";
        }
        return "The work on this node stopped while it was \"" + node.provisionState() + "\" (a follow-up task could"
                + " not lock the node, or the conductor running it stopped); conductor " + conductor + " failed it"
                + " after no conductor had worked on it for " + idle + ", as that work cannot be resumed. "
                + TakeoverAdvice.forState(node.provisionState());
    }

    /**
     * Allocations are processed by a worker right after the API call, so one still {@code allocating} since before
     * {@code staleBefore} lost its conductor mid-way: it becomes active if its node claim was stored,
     * else error, so a client polling it is not left waiting.
     */
    private void settleAbandonedAllocations(Instant staleBefore) {
        for (Allocation allocation : store.allocations().list()) {
            if (allocation.state() != Allocation.State.ALLOCATING || !allocation.createdAt().isBefore(staleBefore)) {
                continue;
            }
            Optional<Node> claimed = store.nodes().findByInstanceUuid(allocation.uuid());
            Allocation settled = claimed.isPresent() ? allocation.granted(claimed.get().uuid(), clock.instant())
                    : allocation.failed("The conductor processing this allocation stopped before it found a node;"
                            + " conductor " + conductor + " gave it up. Delete it and allocate again.", clock.instant());
            store.allocations().update(settled);
            LOG.log(System.Logger.Level.WARNING, "allocation " + allocation.uuid() + " abandoned mid-way, now "
                    + settled.state().wireName());
        }
    }

    private static List<ProvisionState> stuckStates(Store store) {
        List<ProvisionState> stuck = new ArrayList<>();
        for (ProvisionState state : Arrays.stream(ProvisionState.values()).filter(ProvisionState::isFailedOnTakeover)
                .toList()) {
            if (store.stateMachine().next(state, ProvisionEvent.FAIL).isEmpty()) {
                LOG.log(System.Logger.Level.WARNING, "state " + state + " has no fail transition; nodes left in it"
                        + " need an operator");
            } else {
                stuck.add(state);
            }
        }
        return List.copyOf(stuck);
    }

    /**
     * Fails the node if it is free and in a state whose work cannot be resumed, because its conductor
     * {@code stopped} ({@code when} says how that was found); whether it did. The last_error names the dead
     * conductor and what the operator does next.
     */
    private boolean failIfStuck(UUID uuid, String stopped, String when) {
        return failIfStuck(uuid, node -> true, stoppedError(stopped, when));
    }

    /** The last_error of a node failed because conductor {@code stopped} did ({@code when} says how that was found). */
    private Function<Node, String> stoppedError(String stopped, String when) {
        return node -> "The conductor working on this node (" + stopped + ") stopped while it was \""
                + node.provisionState() + "\"; conductor " + conductor + " failed it " + when + ", as that work"
                + " cannot be resumed. " + TakeoverAdvice.forState(node.provisionState());
    }

    /** As above, if {@code stillOrphaned} holds for the node read under its lock, with {@code error} as last_error. */
    private boolean failIfStuck(UUID uuid, Predicate<Node> stillOrphaned, Function<Node, String> error) {
        Optional<NodeLock> lock = store.locks().tryAcquire(uuid, conductor);
        if (lock.isEmpty()) {
            return false;
        }
        try {
            return failIfStuck(lock.get(), stillOrphaned, error);
        } finally {
            store.locks().release(lock.get());
        }
    }

    /** As above, on a node whose lock the caller holds. */
    private boolean failIfStuck(NodeLock lock, Predicate<Node> stillOrphaned, Function<Node, String> error) {
        Node current = store.nodes().get(lock.node());
        ProvisionState state = current.provisionState();
        if (!stuckStates.contains(state) || !stillOrphaned.test(current)) {
            return false;
        }
        String lastError = error.apply(current);
        store.transition(lock, current.version(), state, ProvisionEvent.FAIL, b -> b.lastError(lastError));
        return true;
    }

    private List<Node> nodesIn(ProvisionState state) {
        return NodeScan.all(store, NodeQuery.all().withProvisionState(state));
    }
}
