package dev.ferrum.conductor.periodic;

import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PlannedStep;
import dev.ferrum.conductor.node.StepKind;
import dev.ferrum.conductor.node.StepPlan;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.BrokenLock;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.timeline.Timeline;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;

/**
 * A conductor that dies while it runs a node's deploy or clean steps (a conductor-side step such as a
 * {@code wait} or a BMC step, or between an agent's answer and the next step) leaves the node in
 * {@code deploying} or {@code cleaning} under its lock. Once the lock is broken the node is not failed: its plan
 * says which step was running, so it goes back to the matching wait state with the dead conductor as its
 * affinity and its agent forgotten, and its ring owner's {@link Takeover} boots the ramdisk again and runs the
 * interrupted step again, as for a node the dead conductor left waiting. The agent is forgotten (its token
 * dropped) because the step it may still be running belongs to the dead conductor's half-done work: a heartbeat
 * it sent meanwhile must not move the flow on from there, and a new boot is the one point from which the plan
 * is known to resume cleanly. Nodes with no plan started, in maintenance, or in other states are left to
 * {@link Recovery} to fail as before.
 */
final class MidStepResumption {
    private static final System.Logger LOG = System.getLogger(MidStepResumption.class.getName());
    private static final Map<ProvisionState, StepKind> RESUMABLE = Map.of(
            ProvisionState.DEPLOYING, StepKind.DEPLOY,
            ProvisionState.CLEANING, StepKind.CLEAN);

    private final Store store;
    private final String conductor;
    private final Clock clock;

    MidStepResumption(Store store, String conductor, Clock clock) {
        this.store = store;
        this.conductor = conductor;
        this.clock = clock;
    }

    /** Puts the node {@code broken} freed back to waiting for its ramdisk, if it was mid-steps; whether it did. */
    boolean resume(BrokenLock broken) {
        Optional<NodeLock> lock = store.locks().tryAcquire(broken.node(), conductor);
        if (lock.isEmpty()) {
            return false;
        }
        try {
            Node node = store.nodes().get(broken.node());
            ProvisionState state = node.provisionState();
            Optional<PlannedStep> running = Optional.ofNullable(RESUMABLE.get(state)).filter(kind -> !node.maintenance())
                    .flatMap(kind -> node.internal().stepPlan().filter(plan -> plan.kind() == kind))
                    .flatMap(StepPlan::current);
            if (running.isEmpty()) {
                return false;
            }
            Node waiting = store.transition(lock.get(), node.version(), state, ProvisionEvent.WAIT,
                    b -> b.conductorAffinity(broken.holder()).editInternal(s -> s.withoutAgentKeepingSteps()));
            String step = running.get().step().interfaceName() + "." + running.get().step().step();
            new Timeline(store, conductor, clock).record(waiting, Timeline.Entry.of("conductor", "node.resumable",
                    NodeEvent.Severity.WARNING, "Conductor " + broken.holder() + " died while this node was \""
                    + state.wireName() + "\" at step " + step + "; conductor " + conductor + " put it back in \""
                    + waiting.provisionState().wireName() + "\" instead of failing it, so that its ring owner boots"
                    + " the ramdisk again and runs that step again.").with("conductor", conductor)
                    .with("step", step));
            LOG.log(System.Logger.Level.WARNING, "node=" + node.uuid() + " left " + state.wireName() + " at " + step
                    + " by dead conductor " + broken.holder() + ": waiting for its takeover");
            return true;
        } finally {
            store.locks().release(lock.get());
        }
    }
}
