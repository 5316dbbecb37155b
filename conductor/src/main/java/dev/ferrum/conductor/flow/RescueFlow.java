package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.driver.DriverBundle;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.driver.boot.RamdiskPurpose;
import dev.ferrum.conductor.driver.management.BootDevice;
import dev.ferrum.conductor.driver.rescue.RescuePasswords;
import dev.ferrum.conductor.driver.rescue.RescueTask;
import dev.ferrum.conductor.error.ConductorException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.NodeMutation;
import dev.ferrum.protocol.command.AgentCommand;
import dev.ferrum.protocol.command.CommandResult;
import dev.ferrum.protocol.command.CommandStatus;
import dev.ferrum.protocol.command.FinalizeRescueParams;
import dev.ferrum.protocol.error.ProtocolException;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;

/**
 * Rescue and unrescue, Ironic's way: the API's verb is checked and the password hashed before the node
 * moves; the node's rescue method then boots what rescues it. For {@code agent} rescue the node waits in
 * {@code rescue wait} until its agent heartbeats, is sent {@code rescue.finalize_rescue} with the hash, and
 * lands in {@code rescue}. Unrescue boots the instance again. Every ending (done, failed, aborted, timed out)
 * forgets the password hash; a failure powers the node off, as Ironic's rescue error handler does.
 */
final class RescueFlow {
    private static final System.Logger LOG = System.getLogger(RescueFlow.class.getName());

    private final FlowContext context;
    private final AgentCommands commands;
    private final Random salts = new SecureRandom();

    RescueFlow(FlowContext context) {
        this.context = context;
        this.commands = new AgentCommands(context);
    }

    /**
     * Refuses a rescue the node cannot do, before its state changes (maintenance, a power or rescue slot that
     * fails validation), else the change the {@code rescue} transition stores: the password's hash only.
     */
    NodeMutation prepareRescue(Node node, Optional<String> password) {
        refuseInMaintenance(node, "rescuing");
        String clear = password.filter(p -> !p.isBlank()).orElseThrow(() -> new InvalidInputException(
                "A non-empty \"rescue_password\" is required when setting target provision state to rescue."));
        DriverBundle driver = context.drivers.bundleFor(node);
        refuseInvalid(node, "rescue", driver.power().validate(node), driver.rescue().validate(node));
        String hash = RescuePasswords.hash(clear, salts);
        return b -> b.lastError(Optional.empty()).instanceInfo(RescuePasswords.withHash(node.instanceInfo(), hash))
                .editInternal(s -> s.withoutAgent());
    }

    /** As {@link #prepareRescue} for unrescue: maintenance and the power slot are checked. */
    NodeMutation prepareUnrescue(Node node) {
        refuseInMaintenance(node, "unrescuing");
        refuseInvalid(node, "unrescue", context.drivers.bundleFor(node).power().validate(node));
        return b -> b.lastError(Optional.empty());
    }

    private static void refuseInMaintenance(Node node, String operation) {
        if (node.maintenance()) {
            throw new InvalidInputException("The " + operation + " operation can't be performed on node " + node.uuid()
                    + " because it's in maintenance mode. Take it out of maintenance first.");
        }
    }

    private static void refuseInvalid(Node node, String verb, Validation... results) {
        for (Validation result : results) {
            result.failure().ifPresent(reason -> {
                throw new InvalidInputException("Failed to " + verb + " instance "
                        + node.instanceUuid().map(Object::toString).orElse("None") + " for node " + node.uuid()
                        + ": Validation failed: " + reason);
            });
        }
    }

    /** The node just entered {@code rescuing}. */
    Node start(NodeLock lock, Node node) {
        Task task = new Task(lock, context.drivers.bundleFor(node));
        try {
            return task.driver.rescue().rescue(task, node);
        } catch (ConductorException e) {
            return failRescue(lock, node.uuid(), "Failed to rescue: " + e.getMessage()
                    + ". Check the node's BMC and boot settings, then rescue again.");
        }
    }

    /** The node just entered {@code unrescuing}. */
    Node startUnrescue(NodeLock lock, Node node) {
        Task task = new Task(lock, context.drivers.bundleFor(node));
        try {
            return task.driver.rescue().unrescue(task, node);
        } catch (ConductorException e) {
            return context.failAfterError(lock, node.uuid(), "Failed to unrescue: " + e.getMessage()
                    + ". Check the node's BMC and boot settings, then unrescue again.");
        }
    }

    /** The agent heartbeated while the node waits in {@code rescue wait}. */
    Node heartbeat(NodeLock lock, Node node) {
        Task task = new Task(lock, context.drivers.bundleFor(node));
        return task.driver.rescue().heartbeat(task, node);
    }

    /**
     * A rescue wait was aborted: take the ramdisk boot away and forget the password and the agent, as
     * Ironic's rescue clean-up does (the node stays powered; it was the tenant's). {@code node} is in
     * {@code rescue failed} already.
     */
    Node cleanUpAfterAbort(NodeLock lock, Node node) {
        try {
            context.drivers.bundleFor(node).boot().cleanUpRamdisk(context.target(node));
        } catch (ConductorException e) {
            LOG.log(System.Logger.Level.WARNING, "node=" + node.uuid() + " rescue clean-up after abort failed: "
                    + e.getMessage());
            return context.store.nodes().update(lock, node.version(), b -> b
                    .instanceInfo(RescuePasswords.without(node.instanceInfo()))
                    .lastError("Failed to clean up rescue after aborting the operation: " + e.getMessage()
                            + ". Check the node's boot settings, then rescue, unrescue or delete it.")
                    .editInternal(s -> s.withoutAgent()));
        }
        return context.store.nodes().update(lock, node.version(), b -> b
                .instanceInfo(RescuePasswords.without(node.instanceInfo()))
                .lastError("By request, the rescue operation was aborted. Send rescue again, unrescue to return to"
                        + " the instance, or delete the instance.")
                .editInternal(s -> s.withoutAgent()));
    }

    /**
     * Fails a rescue as Ironic's rescue error handler does: power off, ramdisk boot taken away, password and
     * agent forgotten, then {@code rescue failed} with {@code error}.
     */
    private Node failRescue(NodeLock lock, UUID uuid, String error) {
        Node node = context.store.nodes().get(uuid);
        DriverBundle driver = context.drivers.bundleFor(node);
        String cleanUp = "";
        try {
            driver.power().powerOff(node);
            driver.boot().cleanUpRamdisk(context.target(node));
        } catch (ConductorException e) {
            cleanUp = " Cleaning up after it failed too: " + e.getMessage() + ".";
        }
        String message = error + cleanUp;
        LOG.log(System.Logger.Level.ERROR, "node=" + uuid + " " + message);
        return context.store.transition(lock, node.version(), node.provisionState(), ProvisionEvent.FAIL, b -> b
                .lastError(message).powerState(PowerState.POWER_OFF)
                .instanceInfo(RescuePasswords.without(node.instanceInfo()))
                .editInternal(s -> s.withoutAgent().withLastPowerStateChange(context.clock.instant())));
    }

    /** The rescue slot's view of the work on one locked node. */
    private final class Task implements RescueTask {
        private final NodeLock lock;
        private final DriverBundle driver;

        Task(NodeLock lock, DriverBundle driver) {
            this.lock = lock;
            this.driver = driver;
        }

        @Override
        public Node fire(Node node, ProvisionEvent event, NodeMutation mutation) {
            return context.fire(lock, node, event, mutation);
        }

        @Override
        public Node update(Node node, NodeMutation mutation) {
            return context.store.nodes().update(lock, node.version(), mutation);
        }

        @Override
        public Node fail(Node node, String error) {
            return failRescue(lock, node.uuid(), error);
        }

        @Override
        public Node bootRamdiskAndWait(Node node, RamdiskPurpose purpose) {
            // Ironic's rescue_callback_timeout and deploy_callback_timeout share their default (30 min).
            return context.bootRamdiskAndWait(lock, node, purpose, context.config.deployWaitTimeout());
        }

        @Override
        public Instant now() {
            return context.clock.instant();
        }

        @Override
        public Node finalizeAgentRescue(Node node) {
            Optional<String> hash = node.instanceInfo().string(RescuePasswords.HASHED);
            if (hash.isEmpty()) {
                return failRescue(lock, node.uuid(), "Node failed to perform rescue operation: instance_info has no"
                        + " hashed_rescue_password (was it edited during the rescue?). Send rescue again with"
                        + " --rescue-password.");
            }
            CommandResult result;
            try {
                result = commands.runAndWait(node, AgentCommand.finalizeRescue(FinalizeRescueParams.ofHash(hash.get())));
            } catch (ConductorException | ProtocolException e) {
                return failRescue(lock, node.uuid(), "Node failed to perform rescue operation: the agent did not"
                        + " take rescue.finalize_rescue: " + e.getMessage() + ". Check the ramdisk has the rescue"
                        + " extension and reaches the conductor, then rescue again.");
            }
            if (result.commandStatus() != CommandStatus.SUCCEEDED) {
                return failRescue(lock, node.uuid(), "Node failed to perform rescue operation: agent command"
                        + " rescue.finalize_rescue failed: " + AgentCommands.describe(result)
                        + ". Check the agent's log on the node's console, then rescue again.");
            }
            Node resumed = context.fire(lock, node, ProvisionEvent.RESUME, b -> { });
            try {
                driver.boot().cleanUpRamdisk(context.target(resumed));
            } catch (ConductorException e) {
                return failRescue(lock, node.uuid(), "Failed to clean up the rescue ramdisk boot: " + e.getMessage()
                        + ". Check the node's boot settings, then rescue again.");
            }
            Node rescued = context.fire(lock, resumed, ProvisionEvent.DONE, b -> b.lastError(Optional.empty())
                    .instanceInfo(RescuePasswords.without(resumed.instanceInfo()))
                    .editInternal(s -> s.withoutAgent()));
            LOG.log(System.Logger.Level.INFO, "node=" + node.uuid() + " rescued");
            return rescued;
        }

        @Override
        public Node bootInstance(Node node) {
            Node active = context.returnToInstance(lock, node, ProvisionEvent.DONE, b -> b.lastError(Optional.empty())
                    .instanceInfo(RescuePasswords.without(node.instanceInfo())));
            LOG.log(System.Logger.Level.INFO, "node=" + node.uuid() + " unrescued");
            return active;
        }
    }
}
