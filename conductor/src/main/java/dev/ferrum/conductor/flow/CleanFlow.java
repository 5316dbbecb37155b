package dev.ferrum.conductor.flow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.agent.AgentWire;
import dev.ferrum.conductor.driver.DriverBundle;
import dev.ferrum.conductor.driver.step.OutOfBandSteps;
import dev.ferrum.conductor.error.ConductorException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.CachedSteps;
import dev.ferrum.conductor.node.Fault;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PlannedStep;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.node.StepKind;
import dev.ferrum.conductor.node.StepPlan;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.protocol.command.AgentCommand;
import dev.ferrum.protocol.command.AgentNode;
import dev.ferrum.protocol.command.CommandResult;
import dev.ferrum.protocol.command.EraseSettings;
import dev.ferrum.protocol.command.CommandStatus;
import dev.ferrum.protocol.error.ProtocolException;
import dev.ferrum.protocol.step.CleanStepsResult;
import dev.ferrum.protocol.step.ExecuteStepParams;
import dev.ferrum.protocol.step.Step;
import dev.ferrum.protocol.step.StepInvocation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Cleaning: automated (the agent's steps with priority above 0 after operator overrides, highest
 * first, ending {@code available}) or manual (the operator's {@code clean_steps}, ending
 * {@code manageable}). Each step runs through {@code clean.execute_clean_step} and is polled on
 * heartbeats; a {@code CLEAN_VERSION_MISMATCH} makes the conductor fetch the steps again and retry. A
 * step the agent lists with {@code reboot_requested} reboots the node into the ramdisk once it succeeded,
 * and cleaning resumes at the next step when the new agent heartbeats.
 */
final class CleanFlow {
    private static final String EXECUTE = "execute_clean_step";
    private static final int MAX_MISMATCHES = 3;

    private final FlowContext context;
    private final AgentCommands commands;
    private final EraseCertificateIntake certificates;
    private final RaidRecording raid;
    private final OutOfBandStepRunner outOfBand;

    CleanFlow(FlowContext context) {
        this.context = context;
        this.commands = new AgentCommands(context);
        this.outOfBand = new OutOfBandStepRunner(context);
        this.certificates = new EraseCertificateIntake(context.store.eraseCertificates(), context.clock);
        this.raid = new RaidRecording(context.store.nodes(), context.store.hardware(), context.clock);
    }

    /** The operator's manual clean steps as a plan; {@link InvalidInputException} for a malformed one. */
    static StepPlan manualPlan(List<JsonNode> cleanSteps) {
        List<PlannedStep> steps = new ArrayList<>();
        for (JsonNode raw : cleanSteps) {
            String iface = raw.path("interface").asText("");
            String name = raw.path("step").asText("");
            if (iface.isBlank() || name.isBlank()) {
                throw new InvalidInputException("Each clean step needs \"interface\" and \"step\"; got " + raw + ".");
            }
            ObjectNode args = raw.path("args").isObject() ? (ObjectNode) raw.get("args")
                    : JsonNodeFactory.instance.objectNode();
            steps.add(new PlannedStep(new Step(name, 0, iface, false, false, JsonNodeFactory.instance.objectNode()), JsonDict.of(args)));
        }
        return StepPlan.of(StepKind.CLEAN, steps);
    }

    /**
     * The node just entered {@code cleaning}: with automated cleaning off and no manual steps it finishes
     * at once, else the node's deploy method starts what runs the steps (or finishes, having none).
     */
    Node start(FlowTask task, NodeLock lock, Node node) {
        if (!isManual(node) && !context.config.automatedClean()) {
            return finish(lock, node);
        }
        Optional<StepPlan> requested = node.internal().stepPlan().filter(p -> p.kind() == StepKind.CLEAN);
        if (isManual(node) && requested.isPresent() && !requested.get().steps().isEmpty()
                && requested.get().steps().stream().allMatch(p -> outOfBand.runs(node, StepKind.CLEAN, p.step()))) {
            // Only the conductor's own interfaces are asked for: no ramdisk is needed, as in Ironic.
            return runOutOfBand(lock, node, requested.get().advance(), false);
        }
        try {
            return task.driver().deploy().startCleaning(task, node);
        } catch (ConductorException e) {
            // Preparing the boot fails before the node is written, so node is still the one stored.
            return context.fail(lock, node, "Failed to prepare the node for cleaning: " + e.getMessage());
        }
    }

    /** The agent heartbeated while the node waits in {@code clean wait}. */
    Node heartbeat(NodeLock lock, Node node) {
        Optional<StepPlan> plan = node.internal().stepPlan().filter(p -> p.kind() == StepKind.CLEAN);
        try {
            if (plan.flatMap(StepPlan::current).isEmpty()) {
                Offered offered = fetchSteps(lock, context.fire(lock, node, ProvisionEvent.RESUME, b -> { }));
                List<Step> all = new ArrayList<>(OutOfBandStepRunner.offered(
                        context.drivers.bundleFor(offered.node()), StepKind.CLEAN));
                all.addAll(offered.steps());
                StepPlan chosen = isManual(offered.node()) ? checkManual(plan, all) : automatedPlan(all);
                Optional<StepPlan> first = chosen.advance();
                return first.isEmpty() ? finish(lock, offered.node()) : run(lock, offered.node(), first.get());
            }
            if (node.internal().stepReboot().isPresent()) {
                // The ramdisk rebooted after the running step, which is therefore done: go on with the next.
                PlannedStep rebooted = plan.get().current().orElseThrow();
                if (outOfBand.runs(node, StepKind.CLEAN, rebooted.step())) {
                    try {
                        outOfBand.finishAfterReboot(node, StepKind.CLEAN, rebooted);
                    } catch (ConductorException e) {
                        return context.failWithFault(lock, node, "Clean step " + name(rebooted) + " failed: "
                                + e.getMessage(), Fault.CLEAN_FAILURE);
                    }
                }
                Node current = context.fire(lock, node, ProvisionEvent.RESUME,
                        b -> b.editInternal(s -> s.withoutStepReboot()));
                Optional<StepPlan> next = plan.get().advance();
                return next.isEmpty() ? finish(lock, current) : run(lock, current, next.get());
            }
            CommandResult last = commands.latest(node, EXECUTE).orElseThrow(() -> new FlowException(
                    "the agent has no record of the running clean step (did the ramdisk restart?)"));
            return switch (last.commandStatus()) {
                case RUNNING -> plan.get().current().map(step -> context.recordProgress(lock, node,
                        step.step().interfaceName() + "." + step.step().step(), last)).orElse(node);
                case SUCCEEDED -> {
                    certificates.receive(node, last);
                    PlannedStep done = plan.get().current().orElseThrow();
                    context.steps.finished(lock, node, StepKind.CLEAN, name(done));
                    Node updated = raid.receive(lock, node, done.step(), last, StepKind.CLEAN);
                    if (done.step().rebootRequested()) {
                        yield context.rebootAfterStep(lock, updated, StepKind.CLEAN,
                                done.step().interfaceName() + "." + done.step().step());
                    }
                    Node current = context.fire(lock, updated, ProvisionEvent.RESUME, b -> { });
                    Optional<StepPlan> next = plan.get().advance();
                    yield next.isEmpty() ? finish(lock, current) : run(lock, current, next.get());
                }
                case FAILED -> {
                    plan.get().current().ifPresent(step -> context.steps.failed(lock, node, StepKind.CLEAN, name(step),
                            AgentCommands.describe(last)));
                    yield context.failWithFault(lock, node, failure(plan.get(), last), Fault.CLEAN_FAILURE);
                }
                case CLEAN_VERSION_MISMATCH -> {
                    Node current = context.fire(lock, node, ProvisionEvent.RESUME, b -> { });
                    yield run(lock, fetchSteps(lock, current).node(), plan.get());
                }
            };
        } catch (ConductorException | ProtocolException e) {
            return context.failAfterError(lock, node.uuid(), "Cleaning failed: " + e.getMessage());
        }
    }

    /**
     * Runs the out-of-band steps from {@code next} on, in the conductor, until one is the agent's (started
     * through {@link #run}) or none is left (cleaning is over).
     */
    private Node runOutOfBand(NodeLock lock, Node node, Optional<StepPlan> next, boolean inRamdisk) {
        Node current = node;
        Optional<StepPlan> at = next;
        while (at.isPresent() && outOfBand.runs(current, StepKind.CLEAN, at.get().current().orElseThrow().step())) {
            StepPlan recorded = at.get();
            PlannedStep step = recorded.current().orElseThrow();
            current = context.store.nodes().update(lock, current.version(),
                    b -> b.editInternal(s -> s.withStepPlan(Optional.of(recorded))));
            try {
                if (!inRamdisk) {
                    outOfBand.runWithoutRamdisk(current, StepKind.CLEAN, step);
                } else if (outOfBand.run(current, StepKind.CLEAN, step) == OutOfBandSteps.Outcome.REBOOT) {
                    // The ramdisk restarts with the machine; the step is completed when its agent heartbeats.
                    return context.rebootAfterStep(lock, current, StepKind.CLEAN, name(step));
                }
            } catch (ConductorException e) {
                return context.failWithFault(lock, current, "Clean step " + name(step) + " failed: " + e.getMessage(),
                        Fault.CLEAN_FAILURE);
            }
            at = recorded.advance();
        }
        return at.isEmpty() ? finish(lock, current) : run(lock, current, at.get());
    }

    /** Starts {@code plan}'s current step (again after a version mismatch); its outcome comes with a heartbeat. */
    private Node run(NodeLock lock, Node node, StepPlan plan) {
        if (outOfBand.runs(node, StepKind.CLEAN, plan.current().orElseThrow().step())) {
            return runOutOfBand(lock, node, Optional.of(plan), true);
        }
        Node current = node;
        StepPlan at = plan;
        for (int mismatches = 0; ; ) {
            StepPlan recorded = at;
            current = context.store.nodes().update(lock, current.version(),
                    b -> b.editInternal(s -> s.withStepPlan(Optional.of(recorded))));
            context.steps.started(lock, current, StepKind.CLEAN, name(at.current().orElseThrow()));
            CommandResult result = commands.start(current, AgentCommand.executeCleanStep(stepParams(current, at)));
            switch (result.commandStatus()) {
                case RUNNING, SUCCEEDED -> {
                    // Even a step that finished at once is taken up on the agent's next heartbeat, as Ironic
                    // does: ending the cleaning here would wipe the token while the agent still heartbeats,
                    // and its next heartbeat would be refused (wire-ipa-clean-mm.json, exchange 5).
                    return context.fire(lock, current, ProvisionEvent.WAIT, b -> b.editInternal(s -> s.withWaitDeadline(
                            Optional.of(context.clock.instant().plus(context.config.cleanWaitTimeout())))));
                }
                case FAILED -> {
                    return context.failWithFault(lock, current, failure(at, result), Fault.CLEAN_FAILURE);
                }
                case CLEAN_VERSION_MISMATCH -> {
                    if (++mismatches > MAX_MISMATCHES) {
                        return context.failWithFault(lock, current, "Cleaning failed: the agent kept reporting a"
                                + " hardware manager version mismatch after fetching its steps " + MAX_MISMATCHES
                                + " times.", Fault.CLEAN_FAILURE);
                    }
                    current = fetchSteps(lock, current).node();
                }
            }
        }
    }

    /** The agent's clean steps, and the node as stored with them cached. */
    private record Offered(Node node, List<Step> steps) {
    }

    private Offered fetchSteps(NodeLock lock, Node node) {
        CommandResult answer = commands.runAndWait(node, AgentCommand.getCleanSteps(
                context.wire.stepList(cleaningNode(node), context.agentPorts(node))));
        if (answer.commandStatus() != CommandStatus.SUCCEEDED) {
            throw new FlowException("the agent could not list its clean steps: " + AgentCommands.describe(answer));
        }
        CleanStepsResult offered = context.agent.result(answer, CleanStepsResult.class)
                .orElse(new CleanStepsResult(java.util.Map.of(), java.util.Map.of()));
        List<Step> steps = offered.allSteps();
        Node stored = context.store.nodes().update(lock, node.version(), b -> b.editInternal(s ->
                s.withCachedSteps(StepKind.CLEAN, new CachedSteps(steps, offered.hardwareManagerVersion(),
                        context.clock.instant()))));
        return new Offered(stored, steps);
    }

    private StepPlan automatedPlan(List<Step> offered) {
        List<PlannedStep> chosen = offered.stream()
                .map(step -> step.withPriority(context.config.cleanStepPriorities()
                        .getOrDefault(step.interfaceName() + "." + step.step(), step.priority())))
                .filter(step -> step.priority() > 0)
                .sorted(Comparator.comparingInt(Step::priority).reversed().thenComparing(Step::step))
                .map(PlannedStep::of)
                .toList();
        return StepPlan.of(StepKind.CLEAN, chosen);
    }

    private static StepPlan checkManual(Optional<StepPlan> requested, List<Step> offered) {
        List<PlannedStep> steps = new ArrayList<>();
        for (PlannedStep wanted : requested.map(StepPlan::steps).orElse(List.of())) {
            Step match = offered.stream().filter(s -> s.step().equals(wanted.step().step())
                            && s.interfaceName().equals(wanted.step().interfaceName())).findFirst()
                    .orElseThrow(() -> new FlowException("the agent does not offer clean step "
                            + wanted.step().interfaceName() + "." + wanted.step().step() + "; offered: "
                            + offered.stream().map(s -> s.interfaceName() + "." + s.step()).toList()));
            // The agent's own priority goes with the step, as Ironic sends it (the capture shows 99 for
            // a manually requested erase_devices_metadata); the requested order is what sequences them.
            steps.add(new PlannedStep(match, wanted.args()));
        }
        return StepPlan.of(StepKind.CLEAN, steps);
    }

    private ExecuteStepParams stepParams(Node node, StepPlan plan) {
        StepInvocation step = AgentWire.invocation(plan.current().orElseThrow());
        return context.wire.executeStep(StepKind.CLEAN, step, cleaningNode(node), context.agentPorts(node),
                node.internal().agentCachedCleanSteps());
    }

    /** The node with the erase settings in its driver_internal_info, as Ironic sends it while cleaning. */
    private AgentNode cleaningNode(Node node) {
        AgentNode agentNode = context.agentNode(node);
        ObjectNode internal = agentNode.driverInternalInfo().map(ObjectNode::deepCopy)
                .orElseGet(JsonNodeFactory.instance::objectNode);
        // Not configurable yet: Ironic's defaults, so a stock IPA erases as it would under Ironic.
        EraseSettings.IRONIC_DEFAULTS.writeTo(internal);
        return agentNode.withDriverInternalInfo(internal);
    }

    private static String name(PlannedStep step) {
        return step.step().interfaceName() + "." + step.step().step();
    }

    private static String failure(StepPlan plan, CommandResult result) {
        String name = plan.current().map(p -> p.step().interfaceName() + "." + p.step().step()).orElse("?");
        return "Clean step " + name + " failed: " + AgentCommands.describe(result);
    }

    /** Cleaning is over: power off, stop serving the ramdisk, land in available (or manageable). */
    Node finish(NodeLock lock, Node node) {
        DriverBundle driver = context.drivers.bundleFor(node);
        try {
            driver.power().powerOff(node);
            driver.boot().cleanUpRamdisk(context.target(node));
        } catch (ConductorException e) {
            return context.fail(lock, node, "Failed to tear down cleaning: " + e.getMessage());
        }
        // A retired node goes back to manageable rather than available, as in Ironic.
        ProvisionEvent done = isManual(node) || node.attributes().retired() ? ProvisionEvent.MANAGE
                : ProvisionEvent.DONE;
        return context.fire(lock, node, done, b -> b.powerState(PowerState.POWER_OFF).lastError(Optional.empty())
                .editInternal(s -> s.withoutAgent().withStepPlan(Optional.empty())
                        .withLastPowerStateChange(context.clock.instant())));
    }

    private static boolean isManual(Node node) {
        return node.targetProvisionState().equals(Optional.of(ProvisionState.MANAGEABLE));
    }
}
