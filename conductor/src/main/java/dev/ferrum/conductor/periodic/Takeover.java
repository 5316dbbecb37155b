package dev.ferrum.conductor.periodic;

import dev.ferrum.conductor.cluster.ConductorRecord;
import dev.ferrum.conductor.cluster.RingOwnership;
import dev.ferrum.conductor.driver.DriverBundle;
import dev.ferrum.conductor.driver.DriverRegistry;
import dev.ferrum.conductor.driver.boot.BootTarget;
import dev.ferrum.conductor.driver.boot.RamdiskPurpose;
import dev.ferrum.conductor.driver.management.BootDevice;
import dev.ferrum.conductor.error.ConductorException;
import dev.ferrum.conductor.flow.FlowConfig;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.inspection.ReportArrival;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.InternalState;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.node.StepPlan;
import dev.ferrum.conductor.port.Port;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.NodeQuery;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.timeline.Timeline;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Finishes the work of a conductor that died while its nodes waited on their ramdisk. A node in
 * {@code wait call-back}, {@code clean wait}, {@code inspect wait}, {@code service wait} or {@code rescue wait}
 * booted a ramdisk that calls the conductor named in its {@code conductor_affinity}; once that conductor is dead,
 * the node's ring owner re-prepares the ramdisk boot itself and power-cycles the node into it, so the new agent
 * looks up and heartbeats here (unless its agent heartbeated after that conductor's last heartbeat: then it
 * reaches a live conductor through an address they share, and only the affinity moves). A step
 * that was running is run again when the new agent heartbeats (steps are idempotent), the steps before it are not;
 * before any step the flow starts its steps afresh. An in-band inspection whose ramdisk report was stored (left
 * {@code inspecting}, or in {@code inspect wait} when its processing died) is finished from that report instead,
 * never by booting the machine again. A node that cannot be re-driven (its BMC or boot refuses) is
 * failed with a last_error saying so. Either way the node's history records the takeover.
 */
public final class Takeover {
    private static final System.Logger LOG = System.getLogger(Takeover.class.getName());
    private static final Map<ProvisionState, RamdiskPurpose> WAITS = Map.of(
            ProvisionState.DEPLOY_WAIT, RamdiskPurpose.DEPLOY,
            ProvisionState.CLEAN_WAIT, RamdiskPurpose.CLEAN,
            ProvisionState.INSPECT_WAIT, RamdiskPurpose.INSPECT,
            ProvisionState.SERVICE_WAIT, RamdiskPurpose.SERVICE,
            ProvisionState.RESCUE_WAIT, RamdiskPurpose.RESCUE);

    /** The wait states, and inspecting: an inspection whose report arrived is finished rather than booted again. */
    private static final List<ProvisionState> TAKEN_OVER = Stream.concat(WAITS.keySet().stream(),
            Stream.of(ProvisionState.INSPECTING)).sorted().toList();

    /** Nodes re-driven at once, as power sync's default reads (Ironic's {@code sync_power_state_workers}). */
    private static final int WORKERS = PowerSyncConfig.defaults().workers();
    /** One reboot at a time per BMC, as ipmitool allows one session. */
    private static final int PER_BMC = 1;

    private final Store store;
    private final DriverRegistry drivers;
    private final RingOwnership ownership;
    private final FlowConfig limits;
    private final Clock clock;
    private final InspectionFinisher inspections;

    /** @param inspections finishes an inspection from its stored report, without booting the node again */
    public Takeover(Store store, DriverRegistry drivers, RingOwnership ownership, FlowConfig limits, Clock clock,
                    InspectionFinisher inspections) {
        this.store = store;
        this.inspections = inspections;
        this.drivers = drivers;
        this.ownership = ownership;
        this.limits = limits;
        this.clock = clock;
    }

    /**
     * One pass over the waiting nodes of registered conductors that are dead (one query per dead conductor and
     * wait state, so a healthy cluster with a large fleet pays next to nothing); returns the nodes it re-drove
     * or failed, in uuid order. The nodes are re-driven in parallel through {@link BmcLanes}, bounded overall and
     * per BMC as power sync's reads are: a conductor that died with thousands of nodes waiting is taken over in
     * a fraction of the time one node after the other takes, and no BMC gets more than one reboot at a time.
     */
    public List<UUID> takeOverOnce() {
        // One membership read per pass: each node compares its agent's last heartbeat with its dead conductor's.
        Map<String, Instant> dead = new HashMap<>();
        for (ConductorRecord member : store.conductors().list()) {
            if (!member.hostname().equals(ownership.conductor()) && !ownership.ring().isAlive(member.hostname())) {
                dead.put(member.hostname(), member.updatedAt());
            }
        }
        List<Node> orphans = new ArrayList<>();
        Set<UUID> handled = ConcurrentHashMap.newKeySet();
        for (String conductor : dead.keySet()) {
            for (ProvisionState state : TAKEN_OVER) {
                NodeQuery query = NodeQuery.all().withProvisionState(state).withConductorAffinity(conductor);
                List<Node> listed = NodeScan.all(store, query).stream()
                        .filter(n -> n.reservation().isEmpty() && orphanedHere(n)).toList();
                // Those whose takeover is the affinity alone move a page per statement; whatever changed since the
                // listing (so the batch left it alone) goes the long way below, re-checked under its lock.
                Set<UUID> moved = moveAffinity(conductor, state, listed.stream()
                        .filter(n -> onlyAffinityMoves(n, dead.get(conductor))).map(Node::uuid).toList());
                handled.addAll(moved);
                listed.stream().filter(n -> !moved.contains(n.uuid())).forEach(orphans::add);
            }
        }
        BmcLanes.run(orphans, node -> node.bmcAddress().orElse("node:" + node.uuid()), Node::uuid, WORKERS, PER_BMC,
                "takeover", node -> {
                    if (redrive(node.uuid(), dead)) {
                        handled.add(node.uuid());
                    }
                });
        return handled.stream().sorted().toList();
    }

    /** Waits on a ramdisk (or has its report) whose conductor is dead, and this conductor owns it now. */
    private boolean orphanedHere(Node node) {
        if (!TAKEN_OVER.contains(node.provisionState()) || node.maintenance()) {
            return false;
        }
        if (node.provisionState() == ProvisionState.INSPECTING && !abandonedWithReport(node)) {
            return false;
        }
        // A remote inspection service, not our ramdisk, finishes such an inspection.
        if (node.interfaces().get(InterfaceKind.INSPECT).filter("inspector"::equals).isPresent()
                && node.provisionState() == ProvisionState.INSPECT_WAIT) {
            return false;
        }
        Optional<String> affinity = node.conductorAffinity();
        return affinity.isPresent() && !affinity.get().equals(ownership.conductor())
                && !ownership.ring().isAlive(affinity.get()) && ownership.owns(node);
    }

    /** @param deadSince the dead conductors' last heartbeats */
    private boolean redrive(UUID uuid, Map<String, Instant> deadSince) {
        Optional<NodeLock> lock = store.locks().tryAcquire(uuid, ownership.conductor());
        if (lock.isEmpty()) {
            return false;
        }
        try {
            Node node = store.nodes().get(uuid);
            // Checked again under the lock: an agent's heartbeat may have moved it on since the listing.
            if (!orphanedHere(node)) {
                return false;
            }
            String dead = node.conductorAffinity().orElseThrow();
            ProvisionState state = node.provisionState();
            if (state == ProvisionState.INSPECTING || state == ProvisionState.INSPECT_WAIT
                    && ReportArrival.received(store, node)) {
                finishInspection(lock.get(), node, dead);
                return true;
            }
            if (agentOutlived(node, Optional.ofNullable(deadSince.get(dead)))) {
                // Its agent reaches a live conductor (an API address shared by all): nothing to boot again.
                store.nodes().update(lock.get(), node.version(), b -> b.conductorAffinity(ownership.conductor()));
                new Timeline(store, ownership.conductor(), clock).record(node, outlived(dead, state));
                return true;
            }
            Optional<StepPlan> plan = node.internal().stepPlan();
            String resumes = plan.flatMap(StepPlan::current)
                    .map(step -> " It resumes at step " + step.step().interfaceName() + "." + step.step().step()
                            + ", run again when the new agent heartbeats.")
                    .orElse(state == ProvisionState.INSPECT_WAIT || state == ProvisionState.RESCUE_WAIT
                            ? " Its flow goes on when the new ramdisk calls back."
                            : " Its steps start when the new agent heartbeats.");
            try {
                DriverBundle driver = drivers.bundleFor(node);
                driver.boot().prepareRamdisk(target(node), WAITS.get(state));
                driver.management().setBootDevice(node, BootDevice.PXE, false);
                driver.power().reboot(node);
            } catch (ConductorException e) {
                String error = "Conductor " + dead + " died while this node was in \"" + state + "\"; conductor "
                        + ownership.conductor() + " took it over but could not boot it into the ramdisk again: "
                        + e.getMessage() + " Check the node's BMC and boot settings, then retry.";
                store.transition(lock.get(), node.version(), state, ProvisionEvent.FAIL, b -> b.lastError(error)
                        .editInternal(s -> s.withStepPlan(Optional.empty()).withoutStepReboot()));
                record(node, NodeEvent.Severity.ERROR, error);
                LOG.log(System.Logger.Level.ERROR, "node=" + uuid + " takeover failed: " + e.getMessage());
                return true;
            }
            Instant now = clock.instant();
            Duration timeout = Sweeper.limitOf(limits, state);
            store.nodes().update(lock.get(), node.version(), b -> b.powerState(PowerState.POWER_ON)
                    .conductorAffinity(ownership.conductor())
                    .editInternal(s -> rewound(s.withoutAgentKeepingSteps().withLastPowerStateChange(now)
                            .withWaitDeadline(Optional.of(now.plus(timeout))))));
            record(node, NodeEvent.Severity.INFO, "Conductor " + ownership.conductor() + " took over from dead"
                    + " conductor " + dead + ": it prepared the ramdisk boot again and power-cycled the node, which"
                    + " stays in \"" + state + "\"." + resumes);
            LOG.log(System.Logger.Level.WARNING, "node=" + uuid + " taken over from dead conductor " + dead
                    + " in " + state);
            return true;
        } finally {
            store.locks().release(lock.get());
        }
    }

    /**
     * Whether taking the listed node over is moving its affinity alone, as {@link #redrive} would decide under the
     * lock: its agent outlived the dead conductor, and it is no inspection to finish from a stored report.
     */
    private boolean onlyAffinityMoves(Node node, Instant deadSince) {
        ProvisionState state = node.provisionState();
        return state != ProvisionState.INSPECTING && agentOutlived(node, Optional.of(deadSince))
                && !(state == ProvisionState.INSPECT_WAIT && ReportArrival.received(store, node));
    }

    /** Moves the affinity of {@code nodes} from the dead conductor to this one, a page a statement; the moved. */
    private Set<UUID> moveAffinity(String dead, ProvisionState state, List<UUID> nodes) {
        if (nodes.isEmpty()) {
            return Set.of();
        }
        Timeline timeline = new Timeline(store, ownership.conductor(), clock);
        Set<UUID> moved;
        try {
            moved = store.affinityMoves().move(dead, ownership.conductor(), state, nodes,
                    node -> timeline.event(node, state, outlived(dead, state)));
        } catch (RuntimeException e) {
            // Pages already committed stay moved and are taken over already; the rest go the long way, node by
            // node, whose own failures touch only that node.
            LOG.log(System.Logger.Level.WARNING, "moving the affinity of " + nodes.size() + " node(s) from dead"
                    + " conductor " + dead + " in one go failed, taking them over one by one: " + e.getMessage());
            return Set.of();
        }
        if (!moved.isEmpty()) {
            LOG.log(System.Logger.Level.WARNING, moved.size() + " node(s) in " + state + " taken over from dead"
                    + " conductor " + dead + " by moving their affinity: their agents reach a live conductor");
        }
        return moved;
    }

    /** The history entry of a takeover that moved the affinity alone. */
    private Timeline.Entry outlived(String dead, ProvisionState state) {
        return entry(NodeEvent.Severity.INFO, "Conductor " + ownership.conductor() + " took over from dead conductor "
                + dead + " without booting the node again: its agent heartbeated after that conductor's last"
                + " heartbeat, so it reaches a live conductor; the node stays in \"" + state + "\".");
    }

    /**
     * An in-band inspection left {@code inspecting} by a dead conductor after the report arrived, longer ago than a
     * conductor may stay silent: a live conductor that processed a report powers the node off within moments, so
     * such a node is nobody's work any more (a node {@link MidStepResumption} freed from the dead conductor's lock
     * is one).
     */
    private boolean abandonedWithReport(Node node) {
        Instant settled = clock.instant().minus(ownership.ring().heartbeatTimeout());
        return node.interfaces().get(InterfaceKind.INSPECT).filter("agent"::equals).isPresent()
                && node.provisionUpdatedAt().filter(at -> at.isBefore(settled)).isPresent()
                && ReportArrival.received(store, node);
    }

    /**
     * The ramdisk's report of this inspection is stored: the inspection is finished from it (processed again
     * if its processing died half-way, then powered off and made manageable), never by booting the node again.
     */
    private void finishInspection(NodeLock lock, Node node, String dead) {
        ProvisionState state = node.provisionState();
        store.nodes().update(lock, node.version(), b -> b.conductorAffinity(ownership.conductor()));
        Node finished = inspections.finish(lock);
        boolean done = finished.provisionState() == ProvisionState.MANAGEABLE;
        String outcome = done ? "the node is now \"manageable\"."
                : "it failed: " + finished.lastError().orElse("see the node's history") + ".";
        record(finished, done ? NodeEvent.Severity.INFO : NodeEvent.Severity.ERROR, "Conductor "
                + ownership.conductor() + " took over from dead conductor " + dead + ", which left this node \""
                + state + "\" after the ramdisk's inspection report was stored: it finished the inspection from that"
                + " report without booting the node again (" + (state == ProvisionState.INSPECT_WAIT
                ? "processed it again, as its processing had not finished, then powered the node off" : "powered the"
                + " node off") + "); " + outcome);
        LOG.log(System.Logger.Level.WARNING, "node=" + node.uuid() + " inspection finished after takeover from dead"
                + " conductor " + dead + ": " + finished.provisionState());
    }

    /**
     * Whether the node's agent heartbeated after its dead conductor last did ({@code lastSeen}), so it reaches a
     * live conductor, and still holds its token, so its heartbeats count (a node {@link MidStepResumption} took
     * from a dead conductor's lock has its agent forgotten and must boot again).
     */
    private static boolean agentOutlived(Node node, Optional<Instant> lastSeen) {
        return node.internal().agentToken().isPresent()
                && node.internal().agentLastHeartbeat().flatMap(beat -> lastSeen.map(beat::isAfter)).orElse(false);
    }

    /**
     * The step plan set back so the new agent's first heartbeat runs the interrupted step again: the plan sits
     * on the step before it, flagged as rebooted after that step, so the flow goes on with the next one; the
     * first step is run again by starting the plan afresh. A plan never started is kept as it is.
     */
    private static InternalState rewound(InternalState state) {
        Optional<StepPlan> plan = state.stepPlan();
        Optional<Integer> index = plan.flatMap(StepPlan::currentIndex);
        if (index.isEmpty()) {
            return state.withoutStepReboot();
        }
        StepPlan current = plan.get();
        if (index.get() == 0) {
            return state.withStepPlan(Optional.of(new StepPlan(current.kind(), current.steps(), Optional.empty())))
                    .withoutStepReboot();
        }
        return state.withStepPlan(Optional.of(new StepPlan(current.kind(), current.steps(),
                Optional.of(index.get() - 1)))).rebootingAfterStep(current.kind());
    }

    private void record(Node node, NodeEvent.Severity severity, String message) {
        new Timeline(store, ownership.conductor(), clock).record(node, entry(severity, message));
    }

    private Timeline.Entry entry(NodeEvent.Severity severity, String message) {
        return Timeline.Entry.of("conductor", "node.takeover", severity, message).with("conductor",
                ownership.conductor());
    }

    private BootTarget target(Node node) {
        return new BootTarget(node, store.ports().listByNode(node.uuid()).stream().map(Port::address).toList());
    }
}
