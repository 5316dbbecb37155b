package dev.ferrum.conductor.flow;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.agent.AgentWire;
import dev.ferrum.conductor.node.CachedSteps;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PlannedStep;
import dev.ferrum.conductor.node.StepKind;
import dev.ferrum.conductor.node.StepPlan;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.protocol.command.AgentNode;
import dev.ferrum.protocol.command.CommandResult;
import dev.ferrum.protocol.command.CommandStatus;
import dev.ferrum.protocol.command.EraseSettings;
import dev.ferrum.protocol.step.ExecuteStepParams;
import dev.ferrum.protocol.step.Step;
import dev.ferrum.protocol.step.StepInvocation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The agent's side of a clean or service run ({@link CleanFlow}): the steps it offers (listed and cached), the
 * plan chosen from them (automated: by priority after operator overrides; manual: the operator's, matched to
 * what is offered), and the parameters a step is started with, shaped as Ironic sends them.
 */
final class AgentCleanSteps {
    private final FlowContext context;
    private final StepRun run;
    private final AgentCommands commands;

    AgentCleanSteps(FlowContext context, StepRun run, AgentCommands commands) {
        this.context = context;
        this.run = run;
        this.commands = commands;
    }

    /** The agent's clean or service steps, and the node as stored with them (or their versions) cached. */
    record Offered(Node node, List<Step> steps) {
    }

    Offered fetch(NodeLock lock, Node node) {
        CommandResult answer = commands.runAndWait(node, run.listSteps(
                context.wire.stepList(cleaningNode(node), context.agentPorts(node))));
        if (answer.commandStatus() != CommandStatus.SUCCEEDED) {
            throw new FlowException("the agent could not list its " + run.kind().prefix() + " steps: "
                    + AgentCommands.describe(answer));
        }
        StepRun.Listed offered = run.listed(context.agent, answer);
        List<Step> steps = offered.steps();
        Node stored = context.store.nodes().update(lock, node.version(), b -> b.editInternal(s ->
                s.withCachedSteps(run.kind(), new CachedSteps(steps, offered.versions(), context.clock.instant()))));
        return new Offered(stored, steps);
    }

    StepPlan automatedPlan(List<Step> offered) {
        List<PlannedStep> chosen = offered.stream()
                .map(step -> step.withPriority(context.config.cleanStepPriorities()
                        .getOrDefault(step.interfaceName() + "." + step.step(), step.priority())))
                .filter(step -> step.priority() > 0)
                .sorted(Comparator.comparingInt(Step::priority).reversed().thenComparing(Step::step))
                .map(PlannedStep::of)
                .toList();
        return StepPlan.of(StepKind.CLEAN, chosen);
    }

    StepPlan checkManual(Optional<StepPlan> requested, List<Step> offered) {
        List<PlannedStep> steps = new ArrayList<>();
        for (PlannedStep wanted : requested.map(StepPlan::steps).orElse(List.of())) {
            if (wanted.isReserved()) {
                // Reserved: the conductor runs it by name, no interface offers it.
                steps.add(wanted);
                continue;
            }
            Step match = offered.stream().filter(s -> s.step().equals(wanted.step().step())
                            && s.interfaceName().equals(wanted.step().interfaceName())).findFirst()
                    .orElseThrow(() -> new FlowException("the agent does not offer " + run.kind().prefix() + " step "
                            + wanted.step().interfaceName() + "." + wanted.step().step() + "; offered: "
                            + offered.stream().map(s -> s.interfaceName() + "." + s.step()).toList()));
            // The agent's own priority goes with the step, as Ironic sends it (the capture shows 99 for
            // a manually requested erase_devices_metadata); the requested order is what sequences them.
            steps.add(new PlannedStep(match, wanted.args()));
        }
        return StepPlan.of(run.kind(), steps);
    }

    ExecuteStepParams stepParams(Node node, StepPlan plan) {
        StepInvocation step = AgentWire.invocation(plan.current().orElseThrow());
        // Servicing caches no steps (as Ironic): the versions the agent listed them with are the node's latest.
        Optional<CachedSteps> listed = run.kind() == StepKind.CLEAN ? node.internal().agentCachedCleanSteps()
                : Optional.of(new CachedSteps(List.of(), node.internal().hardwareManagerVersion(),
                        context.clock.instant()));
        return context.wire.executeStep(run.kind(), step, cleaningNode(node), context.agentPorts(node), listed);
    }

    /** The node with the erase settings in its driver_internal_info, as Ironic sends it while cleaning. */
    private AgentNode cleaningNode(Node node) {
        AgentNode agentNode = context.agentNode(node);
        if (run.kind() != StepKind.CLEAN) {
            return agentNode;
        }
        ObjectNode internal = agentNode.driverInternalInfo().map(ObjectNode::deepCopy)
                .orElseGet(JsonNodeFactory.instance::objectNode);
        // Not configurable yet: Ironic's defaults, so a stock IPA erases as it would under Ironic.
        EraseSettings.IRONIC_DEFAULTS.writeTo(internal);
        return agentNode.withDriverInternalInfo(internal);
    }
}
