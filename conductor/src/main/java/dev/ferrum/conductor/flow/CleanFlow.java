package dev.ferrum.conductor.flow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.driver.DriverBundle;
import dev.ferrum.conductor.driver.step.OutOfBandSteps;
import dev.ferrum.conductor.error.ConductorException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PlannedStep;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.node.StepKind;
import dev.ferrum.conductor.node.StepPlan;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.protocol.command.CommandResult;
import dev.ferrum.protocol.error.ProtocolException;
import dev.ferrum.protocol.step.Step;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The step engine of cleaning and of servicing an active node ({@link StepRun} says which). Cleaning: automated (the agent's steps with priority above 0 after operator overrides, highest
 * first, ending {@code available}) or manual (the operator's {@code clean_steps}, ending
 * {@code manageable}). Each step runs through {@code clean.execute_clean_step} and is polled on
 * heartbeats; a {@code CLEAN_VERSION_MISMATCH} makes the conductor fetch the steps again and retry. A
 * step the agent lists with {@code reboot_requested} reboots the node into the ramdisk once it succeeded,
 * and cleaning resumes at the next step when the new agent heartbeats. Servicing (API 1.87) runs only the
 * operator's {@code service_steps}, through {@code service.execute_service_step}, and ends by booting the
 * instance again ({@code active}). Ironic's reserved steps ({@code hold}, {@code wait}, {@code power_on},
 * {@code power_off}, {@code reboot}) run in the conductor through {@link ReservedSteps}; an abort while a step that may not be interrupted runs takes effect once it is over.
 */
final class CleanFlow {
    private static final int MAX_MISMATCHES = 3;

    private final FlowContext context;
    private final StepRun run;
    private final AgentCommands commands;
    private final AgentCleanSteps offered;
    private final EraseCertificateIntake certificates;
    private final RaidRecording raid;
    private final OutOfBandStepRunner outOfBand;
    private final ReservedSteps reserved;
    private final CommandWatcher watcher;

    CleanFlow(FlowContext context, StepRun run, CommandWatcher watcher) {
        this.context = context;
        this.run = run;
        this.watcher = watcher;
        this.commands = new AgentCommands(context);
        this.offered = new AgentCleanSteps(context, run, commands);
        this.outOfBand = new OutOfBandStepRunner(context);
        this.reserved = new ReservedSteps(context);
        this.certificates = new EraseCertificateIntake(context.store.eraseCertificates(), context.clock);
        this.raid = new RaidRecording(context.store.nodes(), context.store.hardware(), context.clock);
    }

    /** The operator's clean or service steps as a plan; {@link InvalidInputException} for a malformed one. */
    static StepPlan manualPlan(StepKind kind, List<JsonNode> requestedSteps) {
        List<PlannedStep> steps = new ArrayList<>();
        for (JsonNode raw : requestedSteps) {
            String iface = raw.path("interface").asText("");
            String name = raw.path("step").asText("");
            if (iface.isBlank() || name.isBlank()) {
                throw new InvalidInputException("Each " + kind.prefix() + " step needs \"interface\" and \"step\"; got "
                        + raw + ".");
            }
            ObjectNode args = raw.path("args").isObject() ? (ObjectNode) raw.get("args")
                    : JsonNodeFactory.instance.objectNode();
            steps.add(new PlannedStep(new Step(name, 0, iface, false, false, JsonNodeFactory.instance.objectNode()), JsonDict.of(args)));
        }
        ReservedSteps.check(steps);
        return StepPlan.of(kind, steps);
    }

    private Optional<StepPlan> plan(Node node) {
        return node.internal().stepPlan().filter(p -> p.kind() == run.kind());
    }

    /**
     * The node just entered {@code cleaning} or {@code servicing}: with automated cleaning off and no manual
     * steps it finishes at once; steps only the conductor runs (and holds) run at once, without a ramdisk, as in
     * Ironic; else the node's deploy method starts what runs the steps (or finishes, having none).
     */
    Node start(FlowTask task, NodeLock lock, Node node) {
        if (!isManual(node) && !context.config.automatedClean()) {
            return finish(lock, node);
        }
        Optional<StepPlan> requested = plan(node);
        if (isManual(node) && requested.isPresent() && !requested.get().steps().isEmpty()
                && requested.get().steps().stream().allMatch(p -> p.isReserved()
                        || outOfBand.runs(node, run.kind(), p.step()))) {
            return runOutOfBand(lock, node, requested.get().advance(), false);
        }
        try {
            return run.kind() == StepKind.SERVICE ? task.driver().deploy().startServicing(task, node)
                    : task.driver().deploy().startCleaning(task, node);
        } catch (ConductorException e) {
            // Preparing the boot fails before the node is written, so node is still the one stored.
            return context.fail(lock, node, "Failed to prepare the node for " + run.activity() + ": " + e.getMessage());
        }
    }

    /**
     * The operator released a hold (the node is in the wait state {@code unhold} leads to): the flow goes on at
     * the step after the hold at once, with the ramdisk when one runs. A heartbeat that already moved past the
     * hold leaves nothing to do.
     */
    Node unhold(NodeLock lock, Node node) {
        Optional<StepPlan> plan = plan(node);
        if (plan.flatMap(StepPlan::current).filter(PlannedStep::isHold).isEmpty()) {
            return node;
        }
        if (plan.get().current().get().abortAfter()) {
            return abortAfterStep(lock, node);
        }
        Node current = context.fire(lock, node, ProvisionEvent.RESUME, b -> b.editInternal(s -> s
                .withWaitDeadline(Optional.empty())));
        return runOutOfBand(lock, current, plan.get().advance(), current.internal().agentUrl().isPresent());
    }

    /** The agent heartbeated while the node waits in {@code clean wait} or {@code service wait}. */
    Node heartbeat(NodeLock lock, Node node) {
        Optional<StepPlan> plan = plan(node);
        try {
            if (plan.flatMap(StepPlan::current).isEmpty()) {
                AgentCleanSteps.Offered listed = offered.fetch(lock, context.fire(lock, node, ProvisionEvent.RESUME,
                        b -> { }));
                List<Step> all = new ArrayList<>(OutOfBandStepRunner.offered(
                        context.drivers.bundleFor(listed.node()), run.kind()));
                all.addAll(listed.steps());
                StepPlan chosen = isManual(listed.node()) ? offered.checkManual(plan, all) : offered.automatedPlan(all);
                Optional<StepPlan> first = chosen.advance();
                return first.isEmpty() ? finish(lock, listed.node()) : run(lock, listed.node(), first.get());
            }
            if (plan.get().current().get().isHold()) {
                // A heartbeat came between unhold and the task it queued: go on from the hold here.
                return unhold(lock, node);
            }
            if (plan.get().current().get().isReserved() && node.internal().stepReboot().isEmpty()) {
                // The heartbeat a wait step paused for: go on at the next step.
                if (plan.get().current().get().abortAfter()) {
                    return abortAfterStep(lock, node);
                }
                Node current = context.fire(lock, node, ProvisionEvent.RESUME, b -> { });
                return runOutOfBand(lock, current, plan.get().advance(), true);
            }
            if (node.internal().stepReboot().isPresent()) {
                // The ramdisk rebooted after the running step, which is therefore done: go on with the next.
                PlannedStep rebooted = plan.get().current().orElseThrow();
                if (outOfBand.runs(node, run.kind(), rebooted.step())) {
                    try {
                        outOfBand.finishAfterReboot(node, run.kind(), rebooted);
                    } catch (ConductorException e) {
                        return context.failWithFault(lock, node, run.step(name(rebooted)) + " failed: "
                                + e.getMessage(), run.fault());
                    }
                }
                if (rebooted.abortAfter()) {
                    return abortAfterStep(lock, context.store.nodes().update(lock, node.version(),
                            b -> b.editInternal(s -> s.withoutStepReboot())));
                }
                Node current = context.fire(lock, node, ProvisionEvent.RESUME,
                        b -> b.editInternal(s -> s.withoutStepReboot()));
                Optional<StepPlan> next = plan.get().advance();
                return next.isEmpty() ? finish(lock, current) : run(lock, current, next.get());
            }
            CommandResult last = commands.latest(node, run.executeCommand()).orElseThrow(() -> new FlowException(
                    "the agent has no record of the running " + run.kind().prefix() + " step (did the ramdisk"
                            + " restart?)"));
            return switch (last.commandStatus()) {
                case RUNNING -> plan.get().current().map(step -> context.recordProgress(lock, node,
                        step.step().interfaceName() + "." + step.step().step(), last)).orElse(node);
                case SUCCEEDED -> {
                    certificates.receive(node, last).forEach(c -> context.steps.eraseReported(lock, node, c));
                    PlannedStep done = plan.get().current().orElseThrow();
                    context.steps.finished(lock, node, run.kind(), name(done));
                    Node updated = raid.receive(lock, node, done.step(), last, run.kind());
                    if (done.step().rebootRequested()) {
                        yield context.rebootAfterStep(lock, updated, run.kind(),
                                done.step().interfaceName() + "." + done.step().step());
                    }
                    if (done.abortAfter()) {
                        yield abortAfterStep(lock, updated);
                    }
                    Node current = context.fire(lock, updated, ProvisionEvent.RESUME, b -> { });
                    Optional<StepPlan> next = plan.get().advance();
                    yield next.isEmpty() ? finish(lock, current) : run(lock, current, next.get());
                }
                case FAILED -> {
                    plan.get().current().ifPresent(step -> context.steps.failed(lock, node, run.kind(), name(step),
                            AgentCommands.describe(last)));
                    yield context.failWithFault(lock, node, failure(plan.get(), last), run.fault());
                }
                case CLEAN_VERSION_MISMATCH -> {
                    Node current = context.fire(lock, node, ProvisionEvent.RESUME, b -> { });
                    yield run(lock, offered.fetch(lock, current).node(), plan.get());
                }
            };
        } catch (ConductorException | ProtocolException e) {
            return context.failAfterError(lock, node.uuid(), run.label() + "ing failed: " + e.getMessage());
        }
    }

    /**
     * Runs the out-of-band steps from {@code next} on, in the conductor, until one is the agent's (started
     * through {@link #run}), a reserved one pauses (hold, wait, a reboot into the ramdisk) or none is left (the
     * flow is over).
     */
    private Node runOutOfBand(NodeLock lock, Node node, Optional<StepPlan> next, boolean inRamdisk) {
        Node current = node;
        Optional<StepPlan> at = next;
        while (at.isPresent() && (at.get().current().orElseThrow().isReserved()
                || outOfBand.runs(current, run.kind(), at.get().current().orElseThrow().step()))) {
            StepPlan recorded = at.get();
            PlannedStep step = recorded.current().orElseThrow();
            current = context.store.nodes().update(lock, current.version(),
                    b -> b.editInternal(s -> s.withStepPlan(Optional.of(recorded))));
            try {
                if (step.isReserved()) {
                    ReservedSteps.Outcome outcome = reserved.run(lock, current, run.kind(), step, inRamdisk);
                    if (outcome.paused()) {
                        return outcome.node();
                    }
                    current = outcome.node();
                } else if (!inRamdisk) {
                    outOfBand.runWithoutRamdisk(current, run.kind(), step);
                } else if (outOfBand.run(current, run.kind(), step) == OutOfBandSteps.Outcome.REBOOT) {
                    // The ramdisk restarts with the machine; the step is completed when its agent heartbeats.
                    return context.rebootAfterStep(lock, current, run.kind(), name(step));
                }
            } catch (ConductorException e) {
                return context.failWithFault(lock, current, run.step(name(step)) + " failed: " + e.getMessage(),
                        run.fault());
            }
            at = recorded.advance();
        }
        if (at.isEmpty()) {
            return inRamdisk ? finish(lock, current) : finishWithoutRamdisk(lock, current);
        }
        return run(lock, current, at.get());
    }

    /** Starts {@code plan}'s current step (again after a version mismatch); its outcome comes with a heartbeat. */
    private Node run(NodeLock lock, Node node, StepPlan plan) {
        PlannedStep first = plan.current().orElseThrow();
        if (first.isReserved() || outOfBand.runs(node, run.kind(), first.step())) {
            return runOutOfBand(lock, node, Optional.of(plan), true);
        }
        Node current = node;
        StepPlan at = plan;
        for (int mismatches = 0; ; ) {
            StepPlan recorded = at;
            current = context.store.nodes().update(lock, current.version(),
                    b -> b.editInternal(s -> s.withStepPlan(Optional.of(recorded))));
            context.steps.started(lock, current, run.kind(), name(at.current().orElseThrow()));
            CommandResult result = commands.start(current, run.executeStep(offered.stepParams(current, at)));
            switch (result.commandStatus()) {
                case RUNNING, SUCCEEDED -> {
                    // Even a step that finished at once is taken up on the agent's next heartbeat, as Ironic
                    // does: ending the cleaning here would wipe the token while the agent still heartbeats,
                    // and its next heartbeat would be refused (wire-ipa-clean-mm.json, exchange 5). A running
                    // step is watched to its end, as a deploy step is, instead of sitting out IPA's 5 s spacing
                    // of the heartbeat that would report it.
                    Node waiting = context.fire(lock, current, ProvisionEvent.WAIT, b -> b.editInternal(s -> s.withWaitDeadline(
                            Optional.of(context.clock.instant().plus(waitTimeout())))));
                    watcher.watch(waiting, result);
                    return waiting;
                }
                case FAILED -> {
                    return context.failWithFault(lock, current, failure(at, result), run.fault());
                }
                case CLEAN_VERSION_MISMATCH -> {
                    if (++mismatches > MAX_MISMATCHES) {
                        return context.failWithFault(lock, current, run.label() + "ing failed: the agent kept"
                                + " reporting a hardware manager version mismatch after fetching its steps "
                                + MAX_MISMATCHES + " times.", run.fault());
                    }
                    current = offered.fetch(lock, current).node();
                }
            }
        }
    }

    private java.time.Duration waitTimeout() {
        return run.kind() == StepKind.CLEAN ? context.config.cleanWaitTimeout() : context.config.deployWaitTimeout();
    }

    private static String name(PlannedStep step) {
        return step.step().interfaceName() + "." + step.step().step();
    }

    private String failure(StepPlan plan, CommandResult result) {
        String name = plan.current().map(p -> p.step().interfaceName() + "." + p.step().step()).orElse("?");
        return run.step(name) + " failed: " + AgentCommands.describe(result);
    }

    /**
     * An abort came while the step just over ran (it may not be interrupted): abort now, as Ironic's
     * {@code abort_after}. {@code node} is still in the wait (or hold) state.
     */
    private Node abortAfterStep(NodeLock lock, Node node) {
        String step = plan(node).flatMap(StepPlan::current).map(CleanFlow::name).orElse("?");
        String error = "By request, the " + run.kind().prefix() + " operation was aborted after the completion of"
                + " step \"" + step + "\".";
        boolean ramdiskRan = node.internal().agentUrl().isPresent();
        // Servicing aborts through service failed back to active, as Ironic's two events.
        Node from = run.kind() == StepKind.SERVICE ? context.fire(lock, node, ProvisionEvent.FAIL, b -> { }) : node;
        Node aborted = context.fire(lock, from, ProvisionEvent.ABORT, b -> b.lastError(error));
        return tearDownAfterAbort(lock, aborted, ramdiskRan);
    }

    /**
     * Undoes an aborted flow's work; {@code node} is in the state the abort led to. Cleaning stops the ramdisk and
     * powers off; servicing (the node is active again) boots the instance again when a ramdisk ran.
     */
    Node tearDownAfterAbort(NodeLock lock, Node node, boolean ramdiskRan) {
        if (run.kind() == StepKind.CLEAN) {
            return AbortFlow.abandonRamdisk(context, lock, node);
        }
        if (!ramdiskRan) {
            return context.store.nodes().update(lock, node.version(), b -> b.editInternal(s -> s
                    .withStepPlan(Optional.empty())));
        }
        try {
            context.bootInstanceAgain(node);
        } catch (ConductorException e) {
            return context.store.nodes().update(lock, node.version(), b -> b.lastError("Failed to tear down"
                    + " service after aborting the operation: " + e.getMessage() + ". Check the node's BMC and boot"
                    + " device, then service it again or power it on from its disk."));
        }
        return context.store.nodes().update(lock, node.version(), b -> b.powerState(PowerState.POWER_ON)
                .editInternal(s -> s.withoutAgent().withStepPlan(Optional.empty()).withoutStepReboot()
                        .withLastPowerStateChange(context.clock.instant())));
    }

    /** Servicing whose steps all ran in the conductor is over: nothing was booted, the node is active again. */
    private Node finishWithoutRamdisk(NodeLock lock, Node node) {
        if (run.kind() == StepKind.CLEAN) {
            return finish(lock, node);
        }
        return context.fire(lock, node, ProvisionEvent.DONE, b -> b.lastError(Optional.empty())
                .editInternal(s -> s.withStepPlan(Optional.empty())));
    }

    /**
     * The flow is over. Cleaning: power off, stop serving the ramdisk, land in available (or manageable).
     * Servicing: stop serving the ramdisk and boot the instance again, landing in active.
     */
    Node finish(NodeLock lock, Node node) {
        if (run.kind() == StepKind.SERVICE) {
            try {
                return context.returnToInstance(lock, node, ProvisionEvent.DONE);
            } catch (ConductorException e) {
                return context.failWithFault(lock, node, "Failed to tear down from service: " + e.getMessage()
                        + ". Check the node's BMC and boot settings, then service it again.", run.fault());
            }
        }
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

    private boolean isManual(Node node) {
        return run.alwaysManual() || node.targetProvisionState().equals(Optional.of(ProvisionState.MANAGEABLE));
    }
}
