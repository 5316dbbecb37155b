package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.driver.DriverBundle;
import dev.ferrum.conductor.driver.boot.NetbootInstance;
import dev.ferrum.conductor.error.ConductorException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.CachedSteps;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PlannedStep;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.node.StepKind;
import dev.ferrum.conductor.node.StepPlan;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.protocol.command.AgentCommand;
import dev.ferrum.protocol.command.CommandResult;
import dev.ferrum.protocol.command.CommandStatus;
import dev.ferrum.protocol.error.ProtocolException;
import dev.ferrum.protocol.step.DeployStepsResult;
import dev.ferrum.protocol.step.ExecuteStepParams;
import dev.ferrum.protocol.step.Step;
import dev.ferrum.protocol.step.StepInvocation;
import java.util.List;
import java.util.Optional;

/**
 * The in-band deploy the conductor drives over an agent's heartbeats, for the deploy methods that use
 * it ({@code direct}): fetch the agent's deploy steps, start {@code write_image}, poll it, then make the
 * node boot its disk and reboot it into the instance. Each step takes the node last stored under the
 * lock and returns it as stored.
 */
final class DeployFlow {
    private static final System.Logger LOG = System.getLogger(DeployFlow.class.getName());
    private static final Step WRITE_IMAGE = Step.deploy("write_image", 80);
    private static final String EXECUTE = "execute_deploy_step";

    private final FlowContext context;
    private final AgentCommands commands;
    private final InstanceBootPreparation instanceBoot;

    DeployFlow(FlowContext context) {
        this.context = context;
        this.commands = new AgentCommands(context);
        this.instanceBoot = new InstanceBootPreparation(context, commands);
    }

    /** The agent heartbeated while the node waits in {@code wait call-back}. */
    Node heartbeat(NodeLock lock, Node node) {
        Optional<StepPlan> plan = node.internal().stepPlan().filter(p -> p.kind() == StepKind.DEPLOY);
        if (plan.flatMap(StepPlan::current).isEmpty()) {
            return startSteps(lock, node);
        }
        CommandResult last;
        try {
            last = commands.latest(node, EXECUTE).orElseThrow(() -> new FlowException("the agent has no record of"
                    + " the running deploy step (did the ramdisk restart?)"));
        } catch (ConductorException e) {
            return context.fail(lock, node, "Deploy step deploy.write_image failed: " + e.getMessage());
        }
        return outcome(lock, node, last);
    }

    private Node startSteps(NodeLock lock, Node node) {
        Node current = context.fire(lock, node, ProvisionEvent.RESUME, b -> { });
        CommandResult started;
        try {
            CommandResult offered = commands.runAndWait(current, AgentCommand.getDeploySteps(
                    context.wire.stepList(context.agentNode(current), context.agentPorts(current))));
            if (offered.commandStatus() != CommandStatus.SUCCEEDED) {
                throw new FlowException(AgentCommands.describe(offered));
            }
            DeployStepsResult result = context.agent.result(offered, DeployStepsResult.class)
                    .orElse(new DeployStepsResult(java.util.Map.of(), java.util.Map.of()));
            List<Step> steps = result.allSteps();
            StepPlan plan = StepPlan.of(StepKind.DEPLOY, List.of(PlannedStep.of(WRITE_IMAGE))).advance().orElseThrow();
            current = context.store.nodes().update(lock, current.version(), b -> b.editInternal(s -> s
                    .withCachedSteps(StepKind.DEPLOY, new CachedSteps(steps, result.hardwareManagerVersion(),
                            context.clock.instant()))
                    .withStepPlan(Optional.of(plan))));
        } catch (ConductorException | ProtocolException e) {
            // The update is the try's last move and one transaction: current is the node as stored either way.
            return context.fail(lock, current, "Failed to load in-band deploy steps: " + e.getMessage());
        }
        try {
            started = commands.start(current, AgentCommand.executeDeployStep(writeImage(current)));
        } catch (ConductorException e) {
            return context.fail(lock, current, "Deploy step deploy.write_image failed: " + e.getMessage());
        }
        return outcome(lock, current, started);
    }

    private Node outcome(NodeLock lock, Node node, CommandResult result) {
        return switch (result.commandStatus()) {
            case RUNNING -> {
                Node waiting = node;
                if (node.provisionState() == ProvisionState.DEPLOYING) {
                    waiting = context.fire(lock, node, ProvisionEvent.WAIT, b -> b.editInternal(s -> s.withWaitDeadline(
                            Optional.of(context.clock.instant().plus(context.config.deployWaitTimeout())))));
                }
                yield context.recordProgress(lock, waiting, "deploy." + WRITE_IMAGE.step(), result);
            }
            case SUCCEEDED -> finish(lock, node);
            case FAILED, CLEAN_VERSION_MISMATCH -> context.fail(lock, node,
                    "Deploy step deploy.write_image failed: " + AgentCommands.describe(result));
        };
    }

    /** The image is on disk: hand the node over to it. */
    private Node finish(NodeLock lock, Node node) {
        Node current = node.provisionState() == ProvisionState.DEPLOY_WAIT
                ? context.fire(lock, node, ProvisionEvent.RESUME, b -> { }) : node;
        try {
            CommandResult partitions = commands.runAndWait(current, AgentCommand.getPartitionUuids());
            requireSuccess(partitions, "get_partition_uuids");
            Optional<NetbootInstance> netboot = instanceBoot.onDisk(current, partitions);
            requireSuccess(commands.runAndWait(current, AgentCommand.sync()), "sync");
            DriverBundle driver = context.drivers.bundleFor(current);
            driver.boot().cleanUpRamdisk(context.target(current));
            instanceBoot.boot(current, driver, netboot);
            driver.power().reboot(current);
        } catch (ConductorException e) {
            return context.fail(lock, current, "Failed to boot the deployed instance: " + e.getMessage());
        }
        Node deployed = context.fire(lock, current, ProvisionEvent.DONE, b -> b.powerState(PowerState.POWER_ON)
                .lastError(Optional.empty()).editInternal(s -> s.withoutAgent().withStepPlan(Optional.empty())
                .withLastPowerStateChange(context.clock.instant())));
        LOG.log(System.Logger.Level.INFO, "node=" + node.uuid() + " deployed");
        return deployed;
    }

    private static void requireSuccess(CommandResult result, String what) {
        if (result.commandStatus() != CommandStatus.SUCCEEDED) {
            throw new FlowException("agent command " + what + " failed: " + AgentCommands.describe(result));
        }
    }

    /** {@code execute_deploy_step} params for {@code write_image}, shaped as Ironic sends them. */
    private ExecuteStepParams writeImage(Node node) {
        StepInvocation step = StepInvocation.of(WRITE_IMAGE.interfaceName(), WRITE_IMAGE.step(),
                context.wire.writeImage(node, context.clock.instant()));
        return context.wire.executeStep(StepKind.DEPLOY, step, context.agentNode(node), context.agentPorts(node),
                node.internal().agentCachedDeploySteps());
    }
}
