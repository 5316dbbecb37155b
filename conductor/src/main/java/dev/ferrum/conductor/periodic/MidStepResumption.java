package dev.ferrum.conductor.periodic;

import dev.ferrum.conductor.cluster.Handoff;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.inspection.ReportArrival;
import dev.ferrum.conductor.node.InterfaceKind;
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
 * A conductor that dies while it works on a node under its lock leaves the node in a transient state. Once the
 * lock is broken, the work that can be resumed is handed to the node's ring owner's {@link Takeover} through
 * the store (the dead conductor becomes the node's affinity), instead of being failed:
 * <ul>
 * <li>{@code deploying}, {@code cleaning}, {@code servicing} in the middle of their steps: the plan says which
 * step was running, so the node goes back to its wait state with its agent forgotten, and the owner boots the
 * ramdisk again and runs that step again. The agent is forgotten (its token dropped) because the step it may
 * still be running belongs to the dead conductor's half-done work: a heartbeat it sent meanwhile must not move
 * the flow on from there, and a new boot is the one point from which the plan is known to resume cleanly.
 * Servicing whose steps ran in the conductor with no ramdisk (on the running instance) is failed instead:
 * whether the step took effect cannot be told, and booting a ramdisk it never asked for is no resumption.</li>
 * <li>{@code inspecting} with in-band inspection, before the ramdisk's report: back to {@code inspect wait}, to
 * be booted again. After the report was stored (in {@code inspecting}, or still in {@code inspect wait} when
 * processing died half-way), the node keeps its state and the owner finishes it from the stored report without
 * booting it again.</li>
 * <li>{@code verifying}, {@code adopting}, {@code rescuing}, {@code unrescuing}, {@code deleting}: their work is safe
 * to do again from its beginning, so it is handed to the owner as an API action on another conductor is, and the
 * owner does it again (Ironic fails these).</li>
 * </ul>
 * Nodes with no plan started, in maintenance, or in other states are left to {@link Recovery} to fail.
 */
final class MidStepResumption {
    private static final System.Logger LOG = System.getLogger(MidStepResumption.class.getName());
    private static final Map<ProvisionState, StepKind> RESUMABLE = Map.of(
            ProvisionState.DEPLOYING, StepKind.DEPLOY,
            ProvisionState.CLEANING, StepKind.CLEAN,
            ProvisionState.SERVICING, StepKind.SERVICE);
    /**
     * States whose work starts over safely from its beginning (each checks, boots or tears down again what it
     * already may have), and what that work is.
     */
    private static final Map<ProvisionState, String> RESTARTABLE = Map.of(
            ProvisionState.VERIFYING, "reading the power state through the BMC",
            ProvisionState.DELETING, "powering the node off and removing the instance's boot, then cleaning",
            ProvisionState.ADOPTING, "validating the node and preparing the instance's boot",
            ProvisionState.RESCUING, "booting the rescue ramdisk, whose agent sets the rescue password",
            ProvisionState.UNRESCUING, "booting the instance again");

    /** What became of a node freed from a dead conductor's lock. */
    enum Outcome {
        /** Handed to its ring owner to resume. */
        RESUMED,
        /** Failed here, with a last_error saying why it cannot be resumed. */
        FAILED,
        /** Not resumable work: {@link Recovery} decides. */
        LEFT
    }

    private final Store store;
    private final String conductor;
    private final Clock clock;

    MidStepResumption(Store store, String conductor, Clock clock) {
        this.store = store;
        this.conductor = conductor;
        this.clock = clock;
    }

    /**
     * Hands the node whose lock was taken from a dead conductor to its owner if its work can be resumed; the
     * caller holds the lock and releases it.
     */
    Outcome resume(BrokenLock broken) {
        NodeLock lock = broken.taken();
        Node node = store.nodes().get(broken.node());
        if (node.maintenance()) {
            return Outcome.LEFT;
        }
        if (inBandInspection(node)) {
            return resumeInspection(lock, node, broken.holder());
        }
        ProvisionState state = node.provisionState();
        if (RESTARTABLE.containsKey(state)) {
            return restart(node, broken.holder());
        }
        Optional<PlannedStep> running = Optional.ofNullable(RESUMABLE.get(state))
                .flatMap(kind -> node.internal().stepPlan().filter(plan -> plan.kind() == kind))
                .flatMap(StepPlan::current);
        if (running.isEmpty()) {
            return Outcome.LEFT;
        }
        String step = running.get().step().interfaceName() + "." + running.get().step().step();
        if (state == ProvisionState.SERVICING && node.internal().agentUrl().isEmpty()) {
            String error = "Conductor " + broken.holder() + " died while this node was \"servicing\" at step "
                    + step + ", which ran in the conductor on the running instance with no ramdisk; conductor "
                    + conductor + " cannot tell whether the step took effect, so it did not run it again. "
                    + TakeoverAdvice.forState(state);
            Node failed = store.transition(lock, node.version(), state, ProvisionEvent.FAIL,
                    b -> b.lastError(error));
            record(failed, NodeEvent.Severity.ERROR, "node.takeover", error, step);
            return Outcome.FAILED;
        }
        Node waiting = store.transition(lock, node.version(), state, ProvisionEvent.WAIT,
                b -> b.conductorAffinity(broken.holder()).editInternal(s -> s.withoutAgentKeepingSteps()));
        record(waiting, NodeEvent.Severity.WARNING, "node.resumable", "Conductor " + broken.holder() + " died"
                + " while this node was \"" + state.wireName() + "\" at step " + step + "; conductor " + conductor
                + " put it back in \"" + waiting.provisionState().wireName() + "\" instead of failing it, so that"
                + " its ring owner boots the ramdisk again and runs that step again.", step);
        LOG.log(System.Logger.Level.WARNING, "node=" + node.uuid() + " left " + state.wireName() + " at " + step
                + " by dead conductor " + broken.holder() + ": waiting for its takeover");
        return Outcome.RESUMED;
    }

    /**
     * Leaves the work of the node's state to its ring owner to start again, through the store as an API action on
     * another conductor is ({@link Handoff.Work#ADVANCE}), so the owner carries it on within a second.
     */
    private Outcome restart(Node node, String dead) {
        ProvisionState state = node.provisionState();
        store.handoffs().put(new Handoff(node.uuid(), Handoff.Work.ADVANCE, false, dead, clock.instant()));
        record(node, NodeEvent.Severity.WARNING, "node.resumable", "Conductor " + dead + " died while this node was \""
                + state.wireName() + "\"; conductor " + conductor + " left it \"" + state.wireName() + "\" instead of"
                + " failing it and handed its ring owner the work of that state to do again from its beginning ("
                + RESTARTABLE.get(state) + "), which is safe to repeat.", "");
        LOG.log(System.Logger.Level.WARNING, "node=" + node.uuid() + " left " + state.wireName() + " by dead conductor "
                + dead + ": handed to its owner to start again");
        return Outcome.RESUMED;
    }

    /** Inspection the ramdisk runs and reports to us (not a remote service's, nor an out-of-band one). */
    private static boolean inBandInspection(Node node) {
        return (node.provisionState() == ProvisionState.INSPECTING
                || node.provisionState() == ProvisionState.INSPECT_WAIT)
                && node.interfaces().get(InterfaceKind.INSPECT).filter("agent"::equals).isPresent();
    }

    private Outcome resumeInspection(NodeLock lock, Node node, String dead) {
        ProvisionState state = node.provisionState();
        if (ReportArrival.received(store, node)) {
            Node kept = store.nodes().update(lock, node.version(), b -> b.conductorAffinity(dead));
            record(kept, NodeEvent.Severity.WARNING, "node.resumable", "Conductor " + dead + " died while this node"
                    + " was \"" + state.wireName() + "\" after its ramdisk's inspection report was stored; conductor "
                    + conductor + " left it \"" + state.wireName() + "\" instead of failing it, so that its ring owner"
                    + " finishes the inspection from the stored report without booting it again.", "");
            return Outcome.RESUMED;
        }
        if (state == ProvisionState.INSPECT_WAIT) {
            // Waiting for its ramdisk with no report: the dead conductor held it only briefly; Takeover's usual case.
            return Outcome.LEFT;
        }
        Node waiting = store.transition(lock, node.version(), state, ProvisionEvent.WAIT,
                b -> b.conductorAffinity(dead).editInternal(s -> s.withoutAgent()));
        record(waiting, NodeEvent.Severity.WARNING, "node.resumable", "Conductor " + dead + " died while this node"
                + " was \"inspecting\" before its ramdisk's report arrived; conductor " + conductor + " put it back in"
                + " \"inspect wait\" instead of failing it, so that its ring owner boots the ramdisk again.", "");
        return Outcome.RESUMED;
    }

    private void record(Node node, NodeEvent.Severity severity, String event, String message, String step) {
        Timeline.Entry entry = Timeline.Entry.of("conductor", event, severity, message).with("conductor", conductor);
        new Timeline(store, conductor, clock).record(node, step.isEmpty() ? entry : entry.with("step", step));
    }
}
