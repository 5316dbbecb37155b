package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.agent.AgentClient;
import dev.ferrum.conductor.api.actions.BootDevice;
import dev.ferrum.conductor.api.actions.InterfaceValidation;
import dev.ferrum.conductor.api.actions.NodeActions;
import dev.ferrum.conductor.api.actions.ProvisionRequest;
import dev.ferrum.conductor.cluster.Handoff;
import dev.ferrum.conductor.driver.DriverBundle;
import dev.ferrum.conductor.driver.DriverRegistry;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.driver.hardware.HardwareTypes;
import dev.ferrum.conductor.driver.management.BootDeviceSetting;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.history.RequestUser;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.node.StepKind;
import dev.ferrum.conductor.ramdisk.AgentHeartbeat;
import dev.ferrum.conductor.ramdisk.HeartbeatReceiver;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.NodeMutation;
import dev.ferrum.conductor.store.NodeQuery;
import dev.ferrum.conductor.store.Page;
import dev.ferrum.conductor.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * The real {@link NodeActions}: a provision verb's first transition happens at once under the node's
 * lock (so the API's caller sees {@code deploying} or a refusal), the rest runs on {@link NodeWork};
 * heartbeats are recorded on the node (URL, version, time, a refreshed deadline) and move the deploy
 * or clean flow on. Power requests run on the node's ring owner (handed off like provision work when this
 * conductor is not it); boot device and maintenance act synchronously through the node's driver (the API sends
 * boot device requests to the node's ring owner first, through {@code api.management.OwnerCalls}).
 */
public final class ConductorFlows implements NodeActions, HeartbeatReceiver, AutoCloseable {
    private static final System.Logger LOG = System.getLogger(ConductorFlows.class.getName());
    private static final List<InterfaceKind> VALIDATED = List.of(InterfaceKind.BOOT, InterfaceKind.CONSOLE,
            InterfaceKind.DEPLOY, InterfaceKind.INSPECT, InterfaceKind.MANAGEMENT, InterfaceKind.NETWORK,
            InterfaceKind.POWER, InterfaceKind.RAID, InterfaceKind.RESCUE, InterfaceKind.STORAGE, InterfaceKind.BIOS);

    private final Store store;
    private final String conductor;
    private final FlowContext context;
    private final NodeWork work;
    private final DeployFlow deploy;
    private final CleanFlow clean;
    private final CleanFlow service;
    private final InspectFlow inspect;
    private final RescueFlow rescue;
    private final AdoptFlow adopt;
    private final AbortFlow abort;
    private final PowerAndMaintenance powerAndMaintenance;
    private final ProgressPoller progress;
    /** What a provision verb does after its first transition, here or for another conductor's API. */
    private final ProvisionWork provisionWork;
    /** Whether this conductor carries a node's provision work on itself, or hands it to the ring owner. */
    private final Predicate<UUID> runsHere;
    private final HeartbeatRecorder heartbeats;

    public ConductorFlows(Store store, DriverRegistry drivers, AgentClient agent, FlowConfig config, String conductor,
                          Clock clock) {
        this(store, drivers, agent, config, conductor, clock, node -> true);
    }

    /**
     * @param runsHere whether this conductor owns a node's work; for one it does not, a provision verb's
     *     work after its first transition is left in the store for the owner ({@link #continueHandedOff}); it may
     *     refuse the request outright (NoValidHost when the node's ring has no live conductor), before any change
     */
    public ConductorFlows(Store store, DriverRegistry drivers, AgentClient agent, FlowConfig config, String conductor,
                          Clock clock, Predicate<UUID> runsHere) {
        this.runsHere = runsHere;
        this.store = store;
        this.conductor = conductor;
        this.context = new FlowContext(store, drivers, agent, clock, config);
        this.work = new NodeWork(store, conductor, config);
        CommandWatcher watcher = new CommandWatcher(context, work);
        this.deploy = new DeployFlow(context, watcher);
        this.clean = new CleanFlow(context, StepRun.CLEANING, watcher);
        this.service = new CleanFlow(context, StepRun.SERVICING, watcher);
        this.inspect = new InspectFlow(context);
        this.rescue = new RescueFlow(context);
        this.adopt = new AdoptFlow(context);
        this.abort = new AbortFlow(context, rescue, service);
        this.powerAndMaintenance = new PowerAndMaintenance(context, conductor);
        this.progress = new ProgressPoller(context, conductor);
        this.provisionWork = new ProvisionWork(context, deploy, clean, service, inspect, rescue, adopt, abort);
        this.heartbeats = new HeartbeatRecorder(context, conductor, work, provisionWork, clean, service, rescue);
        watcher.moveOnWith(heartbeats::moveOn);
    }

    /** Polls running steps' agents every {@code interval} for their progress, on the nodes {@code worksOn} takes. */
    public void startProgressPolling(Duration interval, java.util.function.Predicate<Node> worksOn) {
        progress.start(interval, worksOn);
    }

    /** One round of {@link #startProgressPolling}; returns how many nodes' progress was recorded. */
    public int pollAgentProgress() {
        return progress.pollOnce(node -> true);
    }

    @Override
    public void provision(Node node, ProvisionRequest request) {
        ProvisionEvent verb = request.verb();
        // Asked first: with no conductor for the node's ring the request is refused (NoValidHost) unchanged.
        boolean here = runsHere.test(node.uuid());
        boolean[] workToDo = {true};
        boolean[] ramdiskRan = {false};
        store.locks().withLock(node.uuid(), conductor, lock -> {
            Node stored = store.nodes().get(node.uuid());
            Optional<Node> deferred = verb == ProvisionEvent.ABORT ? abort.deferIfStepRuns(lock, stored)
                    : Optional.empty();
            if (deferred.isPresent()) {
                workToDo[0] = false;
                return deferred.get();
            }
            ramdiskRan[0] = stored.provisionState() == ProvisionState.SERVICE_WAIT
                    || stored.internal().agentUrl().isPresent();
            Node current = verb == ProvisionEvent.ABORT ? abort.throughServiceFailed(lock, stored) : stored;
            NodeMutation mutation = switch (verb) {
                case DEPLOY, REBUILD -> {
                    var deployMethod = context.drivers.bundleFor(current).deploy();
                    deployMethod.check(current, context.config.imageSources()::check);
                    var userSteps = DeployStepRequests.userSteps(request.deploySteps());
                    var conductorSteps = new java.util.ArrayList<>(deployMethod.deploySteps());
                    conductorSteps.addAll(OutOfBandStepRunner.offered(context.drivers.bundleFor(current),
                            dev.ferrum.conductor.node.StepKind.DEPLOY));
                    DeployStepRequests.validate(context.store, current, userSteps, conductorSteps);
                    yield b -> b.lastError(Optional.empty()).instanceInfo(request.configdrive()
                            .map(drive -> current.instanceInfo().with("configdrive", drive))
                            .orElse(current.instanceInfo()))
                            .editInternal(s -> s.withUserDeploySteps(userSteps));
                }
                case CLEAN -> {
                    var plan = CleanFlow.manualPlan(StepKind.CLEAN, request.cleanSteps());
                    yield b -> b.lastError(Optional.empty()).editInternal(s -> s.withStepPlan(Optional.of(plan)));
                }
                case SERVICE -> {
                    var plan = CleanFlow.manualPlan(StepKind.SERVICE, request.serviceSteps());
                    yield b -> b.lastError(Optional.empty()).editInternal(s -> s.withStepPlan(Optional.of(plan))
                            .withoutStepReboot());
                }
                case INSPECT -> b -> b.lastError(Optional.empty()).inspectionStartedAt(context.clock.instant())
                        .inspectionFinishedAt(Optional.empty());
                case RESCUE -> rescue.prepareRescue(current, request.rescuePassword());
                case UNRESCUE -> rescue.prepareUnrescue(current);
                case ABORT -> abort.prepare(current);
                default -> b -> b.lastError(Optional.empty());
            };
            return store.transition(lock, current.version(), current.provisionState(), verb, mutation,
                    verb + " requested through the API");
        });
        if (!workToDo[0]) {
            return;
        }
        Handoff.Work next = verb == ProvisionEvent.ABORT ? Handoff.Work.ABORT
                : verb == ProvisionEvent.UNHOLD ? Handoff.Work.UNHOLD : Handoff.Work.ADVANCE;
        Handoff handoff = new Handoff(node.uuid(), next, ramdiskRan[0], conductor, context.clock.instant(),
                RequestUser.current());
        if (here) {
            carryOn(handoff, lock -> { });
        } else {
            // As Ironic's API casts to the owner's topic: the owner's HandoffPoller takes it within a second.
            store.handoffs().put(handoff);
        }
    }

    /** Carries on, as the node's owner, the work another conductor's API left for it; its history says so. */
    public void continueHandedOff(Handoff handoff) {
        // The owner works for the user who asked, as the conductor that took the request would have.
        RequestUser.run(handoff.user(), () -> carryOn(handoff, lock -> {
            Node node = store.nodes().get(lock.node());
            store.history().append(new NodeEvent(UUID.randomUUID(), node.uuid(), context.clock.instant(),
                    node.provisionState(), node.provisionState(), "handoff", NodeEvent.Severity.INFO, "Conductor "
                    + conductor + " (the node's owner) carries on the request conductor " + handoff.requestedBy()
                    + " took through the API", Optional.of(conductor)));
        }));
    }

    private void carryOn(Handoff handoff, java.util.function.Consumer<NodeLock> first) {
        work.submit(handoff.node(), handoff.work().name().toLowerCase(java.util.Locale.ROOT), lock -> {
            first.accept(lock);
            if (handoff.work() == Handoff.Work.POWER) {
                powerAndMaintenance.act(lock, handoff.power().orElseThrow());
            } else {
                provisionWork.carryOut(lock, handoff);
            }
        }, () -> putBack(handoff));
    }

    /**
     * The node stayed locked past every retry: the request was answered 202, so it must not be lost. It goes back
     * to the store, where the owner's next poll takes it again, unless a newer request of its kind replaced it.
     */
    private void putBack(Handoff handoff) {
        try {
            boolean back = store.handoffs().putBack(handoff);
            LOG.log(System.Logger.Level.WARNING, "node=" + handoff.node() + " " + handoff.work() + " requested by "
                    + handoff.requestedBy() + (back ? " left for a later attempt: the node stayed locked"
                    : " dropped: a newer request for the node replaced it"));
        } catch (RuntimeException gone) {
            LOG.log(System.Logger.Level.WARNING, "node=" + handoff.node() + " " + handoff.work()
                    + " dropped: " + gone.getMessage());
        }
    }

    /** Records the heartbeat before the API answers 202; see {@link HeartbeatRecorder#heartbeat}. */
    @Override
    public void heartbeat(AgentHeartbeat beat) {
        heartbeats.heartbeat(beat);
    }

    /** Queues the heartbeats a previous run kept but never recorded; returns how many. */
    public int replayKeptHeartbeats() {
        return heartbeats.replayKept();
    }

    @Override
    public void setPower(Node node, PowerState target, Optional<Duration> timeout) {
        if (runsHere.test(node.uuid())) {
            powerAndMaintenance.setPower(node, target);
            return;
        }
        // The BMC is the owner's to talk to (its per-BMC limits, its power sync): the caller gets its 202 with
        // target_power_state set, and the owner's HandoffPoller does the action within a second.
        powerAndMaintenance.requestPower(node, target);
        store.handoffs().put(Handoff.power(node.uuid(), target, conductor, context.clock.instant(),
                RequestUser.current()));
    }

    @Override
    public List<InterfaceValidation> validate(Node node) {
        DriverBundle bundle = context.drivers.bundleFor(node);
        Map<InterfaceKind, Validation> results = new java.util.EnumMap<>(bundle.validate(node));
        results.put(InterfaceKind.RESCUE, bundle.rescue().validate(node));
        return VALIDATED.stream().map(kind -> {
            String name = kind.name().toLowerCase(java.util.Locale.ROOT);
            Validation result = results.get(kind);
            if (result == null) {
                return withoutBehaviour(node, kind, name);
            }
            return result.failure().map(reason -> InterfaceValidation.failed(name, reason))
                    .orElseGet(() -> InterfaceValidation.ok(name));
        }).toList();
    }

    /**
     * A slot whose implementations do nothing yet: as in Ironic, the empty ones ({@code no-console}, …) fail
     * validation saying the driver lacks the interface, while {@code noop} (network, storage) and {@code fake}
     * pass.
     */
    private static InterfaceValidation withoutBehaviour(Node node, InterfaceKind kind, String name) {
        String implementation = node.interfaces().get(kind).orElse(HardwareTypes.emptyName(kind));
        if (implementation.startsWith("no-")) {
            return InterfaceValidation.failed(name, "Driver " + node.driver() + " does not support " + name
                    + " (disabled or not implemented).");
        }
        return InterfaceValidation.ok(name);
    }

    @Override
    public void setMaintenance(Node node, boolean on, Optional<String> reason) {
        powerAndMaintenance.setMaintenance(node, on, reason);
    }

    @Override
    public void setBootDevice(Node node, String device, boolean persistent) {
        context.drivers.bundleFor(node).management().setBootDevice(node,
                dev.ferrum.conductor.driver.management.BootDevice.fromWire(device), persistent);
    }

    @Override
    public BootDevice bootDevice(Node node) {
        BootDeviceSetting setting = context.drivers.bundleFor(node).management().bootDevice(node);
        return new BootDevice(setting.device().map(d -> d.wireName()), setting.persistent());
    }

    @Override
    public List<String> supportedBootDevices(Node node) {
        return context.drivers.bundleFor(node).management().supportedBootDevices(node).stream()
                .map(d -> d.wireName()).sorted().toList();
    }

    /**
     * Reads the remote inspection service's status for every node waiting on it (not in maintenance) and
     * moves the finished ones on; the periodic poller calls it. A node another task holds is skipped until
     * the next poll, as the sweeper does. Returns how many nodes it looked at.
     */
    public int pollRemoteInspections() {
        NodeQuery waiting = NodeQuery.all().withProvisionState(ProvisionState.INSPECT_WAIT).withMaintenance(false);
        // The whole list first: polling moves nodes out of the listed state, which would shift later pages.
        List<Node> nodes = new ArrayList<>();
        Optional<UUID> marker = Optional.empty();
        do {
            Page<Node> page = store.nodes().list(marker.map(waiting::after).orElse(waiting));
            nodes.addAll(page.items());
            marker = page.nextMarker();
        } while (marker.isPresent());
        int polled = 0;
        for (Node node : nodes) {
            Optional<NodeLock> lock = store.locks().tryAcquire(node.uuid(), conductor);
            if (lock.isEmpty()) {
                continue;
            }
            try {
                NodeLock held = lock.get();
                inspect.poll(node, current -> provisionWork.task(held, current));
                polled++;
            } catch (RuntimeException failure) {
                LOG.log(System.Logger.Level.ERROR, "node=" + node.uuid() + " inspector poll failed: "
                        + failure.getMessage(), failure);
            } finally {
                store.locks().release(lock.get());
            }
        }
        return polled;
    }

    /** Runs {@code task} on the node under its lock, off the caller's thread (the inspection callback uses it). */
    public void submit(UUID node, String what, java.util.function.Consumer<NodeLock> task) {
        work.submit(node, what, task);
    }

    @Override
    public void close() {
        progress.close();
        work.close();
    }
}
