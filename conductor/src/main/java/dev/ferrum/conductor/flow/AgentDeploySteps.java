package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.driver.DriverBundle;
import dev.ferrum.conductor.driver.boot.NetbootInstance;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PlannedStep;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.store.NodeMutation;
import dev.ferrum.protocol.command.AgentCommand;
import dev.ferrum.protocol.command.CommandResult;
import dev.ferrum.protocol.command.CommandStatus;
import dev.ferrum.protocol.step.Step;
import java.util.Optional;
import java.util.Set;

/**
 * What the agent deploy's own steps do ({@code DirectDeploy#deploySteps} lists them): {@code write_image}
 * is sent to the agent with the image (the partition work may extend its arguments), the rest run here
 * as Ironic's do. {@code prepare_instance_boot} reads the partition uuids, has the agent install a partition
 * image's bootloader ({@link InstanceBootPreparation}) and points the node at its disk or its netboot files,
 * {@code tear_down_agent} syncs the disks and powers the node off, {@code switch_to_tenant_network} has
 * nothing to move (no network interface moves ports yet), {@code boot_instance} powers the node on.
 */
final class AgentDeploySteps {
    private static final Set<String> OWN = Set.of("deploy", "write_image", "prepare_instance_boot",
            "tear_down_agent", "switch_to_tenant_network", "boot_instance");

    private final FlowContext context;
    private final AgentCommands commands;
    private final InstanceBootPreparation instanceBoot;

    AgentDeploySteps(FlowContext context, AgentCommands commands) {
        this.context = context;
        this.commands = commands;
        this.instanceBoot = new InstanceBootPreparation(context, commands);
    }

    /** Whether {@code step} is one of these (else the agent runs it as one of its own). */
    boolean runs(Step step) {
        return step.interfaceName().equals("deploy") && OWN.contains(step.step());
    }

    /** {@code deploy.write_image}: the conductor's step, carried out by the agent. */
    boolean isAgentCommand(Step step) {
        return step.interfaceName().equals("deploy") && step.step().equals("write_image");
    }

    /**
     * Runs one of these steps (not write_image) on the node; returns what it changed, for the flow to
     * store with its next write.
     */
    NodeMutation run(Node node, PlannedStep planned) {
        DriverBundle driver = context.drivers.bundleFor(node);
        return switch (planned.step().step()) {
            case "prepare_instance_boot" -> {
                CommandResult partitions = commands.runAndWait(node, AgentCommand.getPartitionUuids());
                requireSuccess(partitions, "get_partition_uuids");
                // While the agent still runs: a partition image gets its bootloader (or its netboot files).
                Optional<NetbootInstance> netboot = instanceBoot.onDisk(node, partitions);
                driver.boot().cleanUpRamdisk(context.target(node));
                instanceBoot.boot(node, driver, netboot);
                yield NodeMutation.none();
            }
            case "tear_down_agent" -> {
                requireSuccess(commands.runAndWait(node, AgentCommand.sync()), "sync");
                driver.power().powerOff(node);
                yield powered(PowerState.POWER_OFF);
            }
            case "boot_instance" -> {
                driver.power().powerOn(node);
                yield powered(PowerState.POWER_ON);
            }
            // deploy.deploy booted the ramdisk before the plan ran; no network interface moves ports yet.
            default -> NodeMutation.none();
        };
    }

    private NodeMutation powered(PowerState state) {
        java.time.Instant at = context.clock.instant();
        return b -> b.powerState(state).editInternal(s -> s.withLastPowerStateChange(at));
    }

    private static void requireSuccess(CommandResult result, String what) {
        if (result.commandStatus() != CommandStatus.SUCCEEDED) {
            throw new FlowException("agent command " + what + " failed: " + AgentCommands.describe(result));
        }
    }
}
