package dev.ferrum.conductor.flow;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PlannedStep;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.node.StepKind;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.timeline.Timeline;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Ironic's reserved steps ({@link PlannedStep#RESERVED}), the one path by which cleaning, servicing and deploying
 * run them. The conductor acts on the name alone, whatever interface the request gives: {@code hold} pauses in the
 * hold state until unhold; {@code power_on}, {@code power_off} and {@code reboot} go through the node's power
 * interface and are recorded as power actions; {@code wait} with {@code seconds} pauses that long (at most
 * {@link #MAX_WAIT_SECONDS}, as Ironic's {@code max_conductor_wait_step_seconds}) and goes on, and without it
 * pauses in the wait state until the agent's next heartbeat.
 */
final class ReservedSteps {
    /** Ironic's default {@code [conductor]max_conductor_wait_step_seconds}: the wait step holds a worker thread. */
    static final int MAX_WAIT_SECONDS = 30;

    /** The node as stored after the step, and whether the flow stops there (held, or waiting for the agent). */
    record Outcome(Node node, boolean paused) {
    }

    private final FlowContext context;

    ReservedSteps(FlowContext context) {
        this.context = context;
    }

    /**
     * Refuses, before anything changes, a reserved step with arguments it cannot take: {@code wait} takes only
     * {@code seconds} (a whole number, 0 or more, or a string of digits as Ironic's {@code int()} reads it), the
     * others none.
     */
    static void check(List<PlannedStep> steps) {
        for (PlannedStep step : steps) {
            if (!step.isReserved()) {
                continue;
            }
            String name = step.step().step();
            Set<String> takes = name.equals("wait") ? Set.of("seconds") : Set.of();
            List<String> unexpected = step.args().keys().stream().filter(k -> !takes.contains(k)).toList();
            if (!unexpected.isEmpty()) {
                throw new InvalidInputException("Reserved step \"" + name + "\" does not take the argument(s) "
                        + unexpected + (takes.isEmpty() ? "; give it no args." : "; it takes only \"seconds\"."));
            }
            Optional<JsonNode> seconds = step.args().get("seconds");
            if (seconds.isPresent() && seconds(step).isEmpty()) {
                throw new InvalidInputException("Reserved step \"wait\" needs \"seconds\" as a whole number of seconds,"
                        + " 0 or more; got " + seconds.get() + ".");
            }
        }
    }

    /** The {@code seconds} of a {@code wait} step, when it has a valid one. */
    static Optional<Integer> seconds(PlannedStep step) {
        return step.args().get("seconds").flatMap(value -> {
            if (value.isIntegralNumber() && value.canConvertToInt() && value.asInt() >= 0) {
                return Optional.of(value.asInt());
            }
            if (value.isTextual() && value.asText().matches("[0-9]{1,9}")) {
                return Optional.of(Integer.parseInt(value.asText()));
            }
            return Optional.empty();
        });
    }

    /**
     * Runs {@code step} on {@code node} (in {@code cleaning}, {@code servicing} or {@code deploying}, its plan
     * already at the step); {@code inRamdisk} says whether an agent runs, whose heartbeat a pause can wait for. A
     * BMC failure is the power interface's exception, for the caller to fail the step with.
     */
    Outcome run(NodeLock lock, Node node, StepKind kind, PlannedStep step, boolean inRamdisk) {
        return switch (step.step().step()) {
            case "hold" -> new Outcome(context.fire(lock, node, ProvisionEvent.HOLD, b -> b.editInternal(s -> s
                    .withWaitDeadline(Optional.empty()))), true);
            case "wait" -> pause(lock, node, kind, step, inRamdisk);
            default -> power(lock, node, kind, step, inRamdisk);
        };
    }

    private Outcome pause(NodeLock lock, Node node, StepKind kind, PlannedStep step, boolean inRamdisk) {
        Optional<Integer> asked = seconds(step);
        if (asked.isEmpty()) {
            if (!inRamdisk) {
                // Ironic would wait for a heartbeat that no ramdisk will send, until the wait timed out.
                record(lock, node, kind, "Reserved step wait: no ramdisk runs, so there is no heartbeat to wait for;"
                        + " going on at once", NodeEvent.Severity.INFO);
                return new Outcome(node, false);
            }
            Duration timeout = kind == StepKind.CLEAN ? context.config.cleanWaitTimeout()
                    : context.config.deployWaitTimeout();
            Node waiting = context.fire(lock, node, ProvisionEvent.WAIT, b -> b.editInternal(s -> s
                    .withWaitDeadline(Optional.of(context.clock.instant().plus(timeout)))));
            record(lock, waiting, kind, "Reserved step wait: waiting for the agent's next heartbeat",
                    NodeEvent.Severity.INFO);
            return new Outcome(waiting, true);
        }
        int seconds = Math.min(asked.get(), MAX_WAIT_SECONDS);
        record(lock, node, kind, asked.get() > MAX_WAIT_SECONDS
                ? "Reserved step wait asked for " + asked.get() + " s, more than the maximum of " + MAX_WAIT_SECONDS
                        + " s: waiting " + seconds + " s"
                : "Reserved step wait: waiting " + seconds + " s", asked.get() > MAX_WAIT_SECONDS
                ? NodeEvent.Severity.WARNING : NodeEvent.Severity.INFO);
        try {
            // Under the node's lock, as Ironic holds a conductor thread: hence the cap.
            Thread.sleep(Duration.ofSeconds(seconds));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FlowException("the conductor was stopped during the " + seconds + " s wait");
        }
        return new Outcome(node, false);
    }

    private Outcome power(NodeLock lock, Node node, StepKind kind, PlannedStep step, boolean inRamdisk) {
        String name = step.step().step();
        String qualified = step.step().interfaceName() + "." + name;
        boolean wasOn = node.powerState().filter(p -> p == PowerState.POWER_ON).isPresent();
        if (inRamdisk && (name.equals("reboot") || name.equals("power_on") && !wasOn)) {
            // The machine boots the ramdisk again: the flow goes on at the next step when its agent heartbeats.
            Node rebooting = context.rebootAfterStep(lock, node, kind, qualified);
            if (rebooting.internal().stepReboot().isPresent()) {
                powerAction(lock, rebooting, kind, qualified, name, PowerState.POWER_ON);
            }
            return new Outcome(rebooting, true);
        }
        var power = context.drivers.bundleFor(node).power();
        PowerState result = switch (name) {
            case "power_off" -> {
                power.powerOff(node);
                yield PowerState.POWER_OFF;
            }
            case "power_on" -> {
                power.powerOn(node);
                yield PowerState.POWER_ON;
            }
            default -> {
                power.reboot(node);
                yield PowerState.POWER_ON;
            }
        };
        Node done = context.store.nodes().update(lock, node.version(), b -> b.powerState(result)
                .editInternal(s -> s.withLastPowerStateChange(context.clock.instant())));
        powerAction(lock, done, kind, qualified, name, result);
        return new Outcome(done, false);
    }

    private void powerAction(NodeLock lock, Node node, StepKind kind, String step, String action, PowerState result) {
        timeline(lock).record(node, Timeline.Entry.of("power", "power.action", NodeEvent.Severity.INFO,
                "Power action '" + action + "' by " + kind.prefix() + " step " + step + " done; the node is "
                        + result.wireName()).with("target", action).with("result", result.wireName())
                .with("step", step));
    }

    private void record(NodeLock lock, Node node, StepKind kind, String message, NodeEvent.Severity severity) {
        timeline(lock).record(node, Timeline.Entry.of("step", "step.wait", severity, message)
                .with("kind", kind.prefix()));
    }

    private Timeline timeline(NodeLock lock) {
        return new Timeline(context.store, lock.holder(), context.clock);
    }
}
