package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.agent.AgentClient;
import dev.ferrum.conductor.agent.AgentWire;
import dev.ferrum.conductor.driver.DriverBundle;
import dev.ferrum.conductor.driver.DriverRegistry;
import dev.ferrum.conductor.driver.boot.BootTarget;
import dev.ferrum.conductor.driver.boot.RamdiskPurpose;
import dev.ferrum.conductor.driver.management.BootDevice;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.AgentProgress;
import dev.ferrum.conductor.node.Fault;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.node.StepKind;
import dev.ferrum.conductor.error.ConductorException;
import dev.ferrum.conductor.port.Port;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.NodeMutation;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.protocol.command.AgentNode;
import dev.ferrum.protocol.command.AgentPort;
import dev.ferrum.protocol.command.CommandResult;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * What every flow needs: the store, the drivers, the agent client, the clock and the tunables, plus
 * the moves they share (boot the ramdisk, fail a node with a message, the node and ports as the agent
 * API shows them). Every move takes the node as last stored under the caller's lock and returns it as
 * stored again, so a flow passes it along instead of reading it back.
 */
final class FlowContext {
    private static final System.Logger LOG = System.getLogger(FlowContext.class.getName());
    final Store store;
    final DriverRegistry drivers;
    final AgentClient agent;
    final Clock clock;
    final FlowConfig config;
    final AgentWire wire;
    /** Steps started, progressed, finished and failed, in the node's timeline. */
    final StepTimeline steps;

    FlowContext(Store store, DriverRegistry drivers, AgentClient agent, Clock clock, FlowConfig config) {
        this.store = store;
        this.drivers = drivers;
        this.agent = agent;
        this.clock = clock;
        this.config = config;
        this.wire = new AgentWire(agent.mapper());
        this.steps = new StepTimeline(store, clock);
    }

    /**
     * The node as stored now. Only for a node read before its lock was taken (a listing): under the lock
     * every move returns the stored node, which the next move takes instead of reading it again.
     */
    Node reload(Node node) {
        return store.nodes().get(node.uuid());
    }

    /**
     * Keeps what the agent reports about {@code step} while it runs in {@code driver_internal_info.agent_progress},
     * so operators (and the sandbox) can watch a long write; a command result that is no progress report
     * (IPA's, or a step that reports nothing) leaves the node untouched. Returns the node as stored.
     */
    Node recordProgress(NodeLock lock, Node node, String step, CommandResult running) {
        Optional<AgentProgress> progress = running.commandResult()
                .flatMap(result -> AgentProgress.fromCommandResult(step, result, clock.instant()));
        if (progress.isEmpty()) {
            return node;
        }
        Node recorded = store.nodes().update(lock, node.version(), b -> b.editInternal(s -> s.withAgentProgress(progress)));
        steps.progressed(lock, recorded, progress.get());
        return recorded;
    }

    BootTarget target(Node node) {
        return new BootTarget(node, store.ports().listByNode(node.uuid()).stream().map(Port::address).toList());
    }

    /**
     * Boots the node into the agent ramdisk for {@code purpose} and moves it into its wait state with a
     * fresh deadline. The old agent's token and URL are forgotten: the new ramdisk looks up afresh. The node's
     * conductor_affinity names this conductor, whose URL the ramdisk calls, so a takeover can tell when it died.
     */
    Node bootRamdiskAndWait(NodeLock lock, Node node, RamdiskPurpose purpose, Duration timeout) {
        DriverBundle driver = drivers.bundleFor(node);
        driver.boot().prepareRamdisk(target(node), purpose);
        driver.management().setBootDevice(node, BootDevice.PXE, false);
        driver.power().reboot(node);
        return store.transition(lock, node.version(), node.provisionState(), ProvisionEvent.WAIT, b -> b
                .powerState(PowerState.POWER_ON).conductorAffinity(lock.holder())
                .editInternal(s -> s.withoutAgent()
                        .withLastPowerStateChange(clock.instant())
                        .withWaitDeadline(Optional.of(clock.instant().plus(timeout)))));
    }

    /**
     * After a {@code kind} step that asked for it ({@code reboot_requested}), boots the node into a fresh
     * ramdisk as Ironic does and leaves it in the wait state flagged to resume at the next step when the
     * new agent heartbeats. A reboot that fails fails the node, naming the step.
     */
    Node rebootAfterStep(NodeLock lock, Node node, StepKind kind, String step) {
        RamdiskPurpose purpose = switch (kind) {
            case CLEAN -> RamdiskPurpose.CLEAN;
            case DEPLOY -> RamdiskPurpose.DEPLOY;
            case SERVICE -> RamdiskPurpose.SERVICE;
        };
        Duration timeout = kind == StepKind.CLEAN ? config.cleanWaitTimeout() : config.deployWaitTimeout();
        DriverBundle driver = drivers.bundleFor(node);
        try {
            driver.boot().prepareRamdisk(target(node), purpose);
            driver.management().setBootDevice(node, BootDevice.PXE, false);
            driver.power().reboot(node);
        } catch (ConductorException e) {
            return fail(lock, node, "Reboot requested by " + kind.prefix() + " step " + step + " failed for node "
                    + node.uuid() + ": " + e.getMessage() + " Check the node's BMC, then retry the "
                    + (kind == StepKind.CLEAN ? "cleaning." : kind == StepKind.SERVICE ? "servicing." : "deploy."));
        }
        LOG.log(System.Logger.Level.INFO, "node=" + node.uuid() + " rebooting into the ramdisk after " + kind.prefix()
                + " step " + step);
        NodeMutation rebooting = b -> b.powerState(PowerState.POWER_ON).conductorAffinity(lock.holder())
                .editInternal(s -> s.rebootingAfterStep(kind)
                .withLastPowerStateChange(clock.instant())
                .withWaitDeadline(Optional.of(clock.instant().plus(timeout))));
        return node.provisionState().hasDeadline() ? store.nodes().update(lock, node.version(), rebooting)
                : fire(lock, node, ProvisionEvent.WAIT, rebooting);
    }

    /**
     * Gives the node back to its instance after a ramdisk ran on it (servicing over or aborted, unrescue):
     * power off, stop serving the ramdisk, boot from disk, power on, and fire {@code event} (to active).
     * A BMC or boot failure is the caller's to report.
     */
    Node returnToInstance(NodeLock lock, Node node, ProvisionEvent event, NodeMutation alsoStore) {
        bootInstanceAgain(node);
        return fire(lock, node, event, b -> {
            b.powerState(PowerState.POWER_ON).editInternal(s -> s.withoutAgent().withStepPlan(Optional.empty())
                    .withoutStepReboot().withLastPowerStateChange(clock.instant()));
            alsoStore.apply(b);
        });
    }

    Node returnToInstance(NodeLock lock, Node node, ProvisionEvent event) {
        return returnToInstance(lock, node, event, NodeMutation.none());
    }

    /** The driver half of {@link #returnToInstance}: off, ramdisk boot withdrawn, boot from disk, on. */
    void bootInstanceAgain(Node node) {
        DriverBundle driver = drivers.bundleFor(node);
        driver.power().powerOff(node);
        driver.boot().cleanUpRamdisk(target(node));
        driver.boot().prepareInstance(target(node));
        driver.management().setBootDevice(node, BootDevice.DISK, true);
        driver.power().powerOn(node);
    }

    /** Fails the node from its state, with {@code error} as its last_error; {@code node} is the one last stored. */
    Node fail(NodeLock lock, Node node, String error) {
        return store.transition(lock, node.version(), node.provisionState(), ProvisionEvent.FAIL,
                b -> b.lastError(error).editInternal(s -> s.withStepPlan(Optional.empty()).withoutStepReboot()));
    }

    /**
     * {@link #fail} after a move threw part-way: the moves before it may have stored the node again, so
     * it is read afresh (on this failure path only).
     */
    Node failAfterError(NodeLock lock, UUID node, String error) {
        return fail(lock, store.nodes().get(node), error);
    }

    /**
     * Fails the node as {@link #fail} does and also puts it into maintenance with {@code fault}, as Ironic
     * does when a step it was running fails: the node needs an operator before it is used again. A
     * maintenance reason already set is kept.
     */
    Node failWithFault(NodeLock lock, Node current, String error, Fault fault) {
        Optional<String> reason = current.maintenanceReason().or(() -> Optional.of(error));
        LOG.log(System.Logger.Level.WARNING, "node=" + current.uuid() + " into maintenance, fault \"" + fault
                + "\": " + error);
        return store.transition(lock, current.version(), current.provisionState(), ProvisionEvent.FAIL,
                b -> b.lastError(error).maintenance(true).maintenanceReason(reason)
                        .editAttributes(a -> a.withFault(Optional.of(fault)))
                        .editInternal(s -> s.withStepPlan(Optional.empty()).withoutStepReboot()));
    }

    /** Fires {@code event} from the node's state; {@code node} is the one last stored. */
    Node fire(NodeLock lock, Node node, ProvisionEvent event, NodeMutation mutation) {
        return store.transition(lock, node.version(), node.provisionState(), event, mutation);
    }

    /** The wait timeout of a state with a deadline. */
    Duration timeoutOf(ProvisionState state) {
        return switch (state) {
            case CLEAN_WAIT -> config.cleanWaitTimeout();
            case INSPECT_WAIT -> config.inspectWaitTimeout();
            default -> config.deployWaitTimeout();
        };
    }

    /** The node as IPA's commands expect it in {@code params.node}: the whole node, secrets masked. */
    AgentNode agentNode(Node node) {
        return wire.node(node, store.hardware().get(node.uuid()));
    }

    /** The node's ports as IPA's commands expect them in {@code params.ports}: every field of each. */
    List<AgentPort> agentPorts(Node node) {
        Map<UUID, JsonDict> internal = store.portInternalInfo().byNode(node.uuid());
        return store.ports().listByNode(node.uuid()).stream()
                .map(port -> wire.port(port, internal.getOrDefault(port.uuid(), JsonDict.empty()))).toList();
    }
}
