package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.agent.AgentWire;
import dev.ferrum.conductor.driver.step.OutOfBandSteps;
import dev.ferrum.conductor.error.ConductorException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.node.CachedSteps;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PlannedStep;
import dev.ferrum.conductor.node.StepKind;
import dev.ferrum.conductor.node.StepPlan;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.NodeMutation;
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
 * it ({@code direct}). The method's {@code deploy.deploy} booted the ramdisk; on the agent's first
 * heartbeat its deploy steps are fetched and the whole plan decided ({@link DeployStepPlanner}); then
 * every step runs in order from the one after {@code deploy.deploy}: the conductor's own
 * ({@link AgentDeploySteps}, and the out-of-band steps of its other slots through {@link OutOfBandStepRunner})
 * at once, the agent's through {@code execute_deploy_step}, polled on
 * heartbeats and watched to its end ({@link CommandWatcher}). A step with {@code reboot_requested} reboots the node into the ramdisk and the deploy
 * resumes at the next step when the new agent heartbeats. Each move takes the node last stored under
 * the lock and returns it as stored.
 */
final class DeployFlow {
    private static final System.Logger LOG = System.getLogger(DeployFlow.class.getName());
    private static final String EXECUTE = "execute_deploy_step";

    private final FlowContext context;
    private final AgentCommands commands;
    private final AgentDeploySteps conductorSteps;
    private final RaidRecording raid;
    private final OutOfBandStepRunner outOfBand;
    private final ReservedSteps reserved;
    private final CommandWatcher watcher;

    DeployFlow(FlowContext context, CommandWatcher watcher) {
        this.context = context;
        this.watcher = watcher;
        this.raid = new RaidRecording(context.store.nodes(), context.store.hardware(), context.clock);
        this.commands = new AgentCommands(context);
        this.conductorSteps = new AgentDeploySteps(context, commands);
        this.outOfBand = new OutOfBandStepRunner(context);
        this.reserved = new ReservedSteps(context);
    }

    /** The agent heartbeated while the node waits in {@code wait call-back}. */
    Node heartbeat(NodeLock lock, Node node) {
        Optional<StepPlan> plan = node.internal().stepPlan().filter(p -> p.kind() == StepKind.DEPLOY);
        Optional<PlannedStep> running = plan.flatMap(StepPlan::current);
        if (running.isEmpty()) {
            return startSteps(lock, node);
        }
        if (running.get().isHold()) {
            // A heartbeat came between unhold and the task it queued: go on from the hold here.
            return unhold(lock, node);
        }
        if (running.get().isReserved() && node.internal().stepReboot().isEmpty()) {
            // The heartbeat a wait step paused for: go on at the next step.
            Node resumed = context.fire(lock, node, ProvisionEvent.RESUME, b -> { });
            return runFrom(lock, resumed, plan.get().advance(), NodeMutation.none());
        }
        if (node.internal().stepReboot().isPresent()) {
            // The ramdisk rebooted after the running step, which is therefore done: go on with the next.
            PlannedStep rebooted = running.get();
            if (outOfBand.runs(node, StepKind.DEPLOY, rebooted.step())) {
                try {
                    outOfBand.finishAfterReboot(node, StepKind.DEPLOY, rebooted);
                } catch (ConductorException e) {
                    return context.fail(lock, node, "Deploy step " + name(rebooted) + " failed: " + e.getMessage());
                }
            }
            Node resumed = context.fire(lock, node, ProvisionEvent.RESUME, b -> b.editInternal(s -> s.withoutStepReboot()));
            return runFrom(lock, resumed, plan.get().advance(), NodeMutation.none());
        }
        CommandResult last;
        try {
            last = commands.latest(node, EXECUTE).orElseThrow(() -> new FlowException("the agent has no record of"
                    + " the running deploy step (did the ramdisk restart?)"));
        } catch (ConductorException e) {
            return context.fail(lock, node, "Deploy step " + name(running.get()) + " failed: " + e.getMessage());
        }
        return outcome(lock, node, plan.get(), last);
    }

    /**
     * The operator released a deploy hold (the node is in {@code wait call-back}): the deploy goes on at the step
     * after the hold at once. A heartbeat that already moved past the hold leaves nothing to do.
     */
    Node unhold(NodeLock lock, Node node) {
        Optional<StepPlan> plan = node.internal().stepPlan().filter(p -> p.kind() == StepKind.DEPLOY);
        if (plan.flatMap(StepPlan::current).filter(PlannedStep::isHold).isEmpty()) {
            return node;
        }
        Node resumed = context.fire(lock, node, ProvisionEvent.RESUME, b -> b.editInternal(s -> s
                .withWaitDeadline(Optional.empty())));
        return runFrom(lock, resumed, plan.get().advance(), NodeMutation.none());
    }

    /** The agent's first heartbeat: learn its steps, decide the plan, run it from after deploy.deploy. */
    private Node startSteps(NodeLock lock, Node node) {
        Node current = context.fire(lock, node, ProvisionEvent.RESUME, b -> { });
        CachedSteps cached;
        try {
            CommandResult offered = commands.runAndWait(current, AgentCommand.getDeploySteps(
                    context.wire.stepList(context.agentNode(current), context.agentPorts(current))));
            if (offered.commandStatus() != CommandStatus.SUCCEEDED) {
                throw new FlowException(AgentCommands.describe(offered));
            }
            DeployStepsResult result = context.agent.result(offered, DeployStepsResult.class)
                    .orElse(new DeployStepsResult(java.util.Map.of(), java.util.Map.of()));
            cached = new CachedSteps(result.allSteps(), result.hardwareManagerVersion(), context.clock.instant());
        } catch (ConductorException | ProtocolException e) {
            return context.fail(lock, current, "Failed to load in-band deploy steps: " + e.getMessage());
        }
        StepPlan plan;
        try {
            plan = plan(current, cached.steps());
        } catch (InvalidInputException e) {
            return context.fail(lock, current, "Failed to validate the deploy steps: " + e.getMessage()
                    + " Fix the deploy_steps or the deploy templates named in instance_info.traits, then deploy again.");
        }
        LOG.log(System.Logger.Level.INFO, "node=" + current.uuid() + " deploy steps: " + plan.steps().stream()
                .map(DeployFlow::name).toList());
        // deploy.deploy is done (it booted this ramdisk): the plan starts at it, the next step runs now.
        int booted = plan.steps().stream().map(DeployFlow::name).toList().indexOf(DeployStepPlanner.CORE);
        StepPlan at = booted < 0 ? plan : new StepPlan(StepKind.DEPLOY, plan.steps(), Optional.of(booted));
        return runFrom(lock, current, at.advance(), b -> b.editInternal(s -> s.withCachedSteps(StepKind.DEPLOY, cached)));
    }

    /**
     * The plan for this node now: its method's steps, the agent's, its user steps and templates. An agent
     * step can only run while the agent does: after {@code deploy.deploy} and before
     * {@code deploy.tear_down_agent}.
     */
    private StepPlan plan(Node node, List<Step> agentSteps) {
        var driver = context.drivers.bundleFor(node);
        List<Step> own = driver.deploy().deploySteps();
        List<Step> conductorRun = new java.util.ArrayList<>(own);
        conductorRun.addAll(OutOfBandStepRunner.offered(driver, StepKind.DEPLOY));
        StepPlan plan = DeployStepPlanner.plan(DeployStepRequests.requested(context.store, node,
                node.internal().userDeploySteps()), conductorRun, agentSteps);
        int first = priorityOf(own, "deploy");
        int last = priorityOf(own, "tear_down_agent");
        List<String> outside = plan.steps().stream()
                .filter(p -> !p.isReserved() && !conductorSteps.runs(p.step())
                        && !outOfBand.runs(node, StepKind.DEPLOY, p.step()))
                .filter(p -> p.step().priority() >= first || p.step().priority() <= last)
                .map(DeployFlow::name).toList();
        if (!outside.isEmpty()) {
            throw new InvalidInputException("deploy steps " + outside + " run in the agent, which is up only between"
                    + " deploy.deploy (priority " + first + ") and deploy.tear_down_agent (priority " + last
                    + "): give them a priority between " + (last + 1) + " and " + (first - 1) + ".");
        }
        // deploy.deploy ran before the plan was made, so nothing may be planned ahead of it.
        List<String> early = plan.steps().stream()
                .filter(p -> (p.isReserved() || outOfBand.runs(node, StepKind.DEPLOY, p.step()))
                        && p.step().priority() >= first)
                .map(DeployFlow::name).toList();
        if (!early.isEmpty()) {
            throw new InvalidInputException("deploy steps " + early + " would run before deploy.deploy (priority "
                    + first + "), which Ferrum runs first: give them a priority below " + first + ".");
        }
        return plan;
    }

    private static int priorityOf(List<Step> steps, String name) {
        return steps.stream().filter(s -> s.step().equals(name) && s.interfaceName().equals("deploy"))
                .mapToInt(Step::priority).findFirst().orElse(name.equals("deploy") ? Integer.MAX_VALUE : 0);
    }

    /**
     * Runs the steps from {@code next} on: the conductor's until one is the agent's (then the node waits
     * for its outcome) or none is left (the deploy is done). {@code node} is in {@code deploying}. The
     * conductor's steps run back to back under the lock: what they change ({@code pending}, with the
     * plan's position) is stored with the next write rather than one write each.
     */
    private Node runFrom(NodeLock lock, Node from, Optional<StepPlan> next, NodeMutation pending) {
        Node node = from;
        NodeMutation recorded = pending;
        Optional<StepPlan> at = next;
        while (at.isPresent()) {
            StepPlan plan = at.get();
            PlannedStep step = plan.current().orElseThrow();
            LOG.log(System.Logger.Level.INFO, "node=" + node.uuid() + " deploy step " + name(step));
            if (step.isReserved()) {
                // Ironic's reserved steps (hold, wait, power actions): stored at the step, then run by name.
                NodeMutation before = recorded;
                Node current = context.store.nodes().update(lock, node.version(), b -> {
                    before.apply(b);
                    b.editInternal(s -> s.withStepPlan(Optional.of(plan)));
                });
                ReservedSteps.Outcome outcome;
                try {
                    outcome = reserved.run(lock, current, StepKind.DEPLOY, step, agentRunsAt(plan));
                } catch (ConductorException e) {
                    return context.fail(lock, current, "Deploy step " + name(step) + " failed: " + e.getMessage());
                }
                if (outcome.paused()) {
                    return outcome.node();
                }
                node = outcome.node();
                recorded = NodeMutation.none();
                at = plan.advance();
                continue;
            }
            context.steps.started(lock, node, StepKind.DEPLOY, name(step));
            boolean outOfBandStep = outOfBand.runs(node, StepKind.DEPLOY, step.step());
            if (!outOfBandStep && (conductorSteps.isAgentCommand(step.step()) || !conductorSteps.runs(step.step()))) {
                NodeMutation before = recorded;
                Node current = context.store.nodes().update(lock, node.version(), b -> {
                    before.apply(b);
                    b.editInternal(s -> s.withStepPlan(Optional.of(plan)));
                });
                CommandResult started;
                try {
                    started = commands.start(current, AgentCommand.executeDeployStep(params(current, step)));
                } catch (ConductorException e) {
                    return context.fail(lock, current, "Deploy step " + name(step) + " failed: " + e.getMessage());
                }
                Node waiting = outcome(lock, current, plan, started);
                // Watched from its start only: each heartbeat of a long step would otherwise add a watch.
                watcher.watch(waiting, started);
                return waiting;
            }
            try {
                NodeMutation before = recorded;
                NodeMutation done;
                if (outOfBandStep) {
                    if (outOfBand.run(node, StepKind.DEPLOY, step) == OutOfBandSteps.Outcome.REBOOT) {
                        // The ramdisk restarts with the machine: record where the plan is, then reboot into it;
                        // the step is completed when the new agent heartbeats.
                        Node current = context.store.nodes().update(lock, node.version(), b -> {
                            before.apply(b);
                            b.editInternal(s -> s.withStepPlan(Optional.of(plan)));
                        });
                        return context.rebootAfterStep(lock, current, StepKind.DEPLOY, name(step));
                    }
                    done = NodeMutation.none();
                } else {
                    done = conductorSteps.run(node, step);
                }
                recorded = b -> {
                    before.apply(b);
                    done.apply(b);
                };
            } catch (ConductorException e) {
                return context.failAfterError(lock, node.uuid(), "Deploy step " + name(step) + " failed: "
                        + e.getMessage());
            }
            at = plan.advance();
        }
        return finish(lock, node, recorded);
    }

    /** Whether the agent still runs at the plan's current step: deploy.tear_down_agent is yet to come. */
    private static boolean agentRunsAt(StepPlan plan) {
        int at = plan.currentIndex().orElse(0);
        return plan.steps().subList(at, plan.steps().size()).stream()
                .anyMatch(p -> name(p).equals("deploy.tear_down_agent"));
    }

    private Node outcome(NodeLock lock, Node node, StepPlan plan, CommandResult result) {
        PlannedStep step = plan.current().orElseThrow();
        return switch (result.commandStatus()) {
            case RUNNING -> {
                Node waiting = node;
                if (node.provisionState() == ProvisionState.DEPLOYING) {
                    waiting = context.fire(lock, node, ProvisionEvent.WAIT, b -> b.editInternal(s -> s.withWaitDeadline(
                            Optional.of(context.clock.instant().plus(context.config.deployWaitTimeout())))));
                }
                yield context.recordProgress(lock, waiting, name(step), result);
            }
            case SUCCEEDED -> {
                context.steps.finished(lock, node, StepKind.DEPLOY, name(step));
                Node recorded;
                try {
                    recorded = raid.receive(lock, node, step.step(), result, StepKind.DEPLOY);
                } catch (ConductorException e) {
                    yield context.fail(lock, node, "Deploy step " + name(step) + " failed: " + e.getMessage());
                }
                Node current = recorded.provisionState() == ProvisionState.DEPLOY_WAIT
                        ? context.fire(lock, recorded, ProvisionEvent.RESUME, b -> { }) : recorded;
                yield step.step().rebootRequested()
                        ? context.rebootAfterStep(lock, current, StepKind.DEPLOY, name(step))
                        : runFrom(lock, current, plan.advance(), NodeMutation.none());
            }
            case FAILED, CLEAN_VERSION_MISMATCH -> {
                context.steps.failed(lock, node, StepKind.DEPLOY, name(step), AgentCommands.describe(result));
                yield context.fail(lock, node, "Deploy step " + name(step) + " failed: "
                        + AgentCommands.describe(result));
            }
        };
    }

    /** Every step ran: the node is its instance's. */
    private Node finish(NodeLock lock, Node node, NodeMutation pending) {
        Node deployed = context.fire(lock, node, ProvisionEvent.DONE, b -> {
            pending.apply(b);
            b.lastError(Optional.empty()).editInternal(s -> s.withoutAgent().withStepPlan(Optional.empty())
                    .withUserDeploySteps(List.of()));
        });
        LOG.log(System.Logger.Level.INFO, "node=" + node.uuid() + " deployed");
        return deployed;
    }

    /** {@code execute_deploy_step} params, shaped as Ironic sends them; write_image carries the image. */
    private ExecuteStepParams params(Node node, PlannedStep planned) {
        StepInvocation step = conductorSteps.isAgentCommand(planned.step())
                ? StepInvocation.of(planned.step().interfaceName(), planned.step().step(),
                        context.wire.writeImage(node, context.clock.instant()))
                : AgentWire.invocation(planned);
        return context.wire.executeStep(StepKind.DEPLOY, step, context.agentNode(node), context.agentPorts(node),
                node.internal().agentCachedDeploySteps());
    }

    static String name(PlannedStep step) {
        return DeployStepPlanner.id(step.step());
    }
}
