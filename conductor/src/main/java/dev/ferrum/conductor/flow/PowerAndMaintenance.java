package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.Fault;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.timeline.Timeline;
import java.util.Optional;

/**
 * The API's power and maintenance requests, carried out under the node's lock and written into its timeline.
 * A BMC that fails a power action does not fail the request: as in Ironic (whose API hands the action to the
 * conductor and answers 202), the BMC's error becomes the node's {@code last_error} and a history entry.
 */
final class PowerAndMaintenance {
    private static final System.Logger LOG = System.getLogger(PowerAndMaintenance.class.getName());

    private final FlowContext context;
    private final String conductor;
    private final Timeline timeline;

    PowerAndMaintenance(FlowContext context, String conductor) {
        this.context = context;
        this.conductor = conductor;
        this.timeline = new Timeline(context.store, conductor, context.clock);
    }

    /** Here, as the node's owner: marks the request and talks to the BMC under one lock. */
    void setPower(Node node, PowerState target) {
        context.store.locks().withLock(node.uuid(), conductor, lock -> {
            mark(lock, target);
            return act(lock, target);
        });
    }

    /**
     * The receiving conductor's part of a request the owner carries out: {@code target_power_state} set and
     * {@code last_error} cleared at once, as Ironic's conductor does before it spawns the power action, so
     * the API's caller sees the request under way.
     */
    void requestPower(Node node, PowerState target) {
        context.store.locks().withLock(node.uuid(), conductor, lock -> mark(lock, target));
    }

    private Node mark(NodeLock lock, PowerState target) {
        Node current = context.store.nodes().get(lock.node());
        PowerState settled = target == PowerState.POWER_OFF || target == PowerState.SOFT_POWER_OFF
                ? PowerState.POWER_OFF : PowerState.POWER_ON;
        return context.store.nodes().update(lock, current.version(), b -> b.targetPowerState(settled)
                .lastError(Optional.empty()));
    }

    /** Talks to the node's BMC for {@code target} and records the outcome; clears {@code target_power_state}. */
    Node act(NodeLock lock, PowerState target) {
        Node current = context.store.nodes().get(lock.node());
        var power = context.drivers.bundleFor(current).power();
        PowerState result;
        try {
            result = switch (target) {
                case POWER_ON -> {
                    power.powerOn(current);
                    yield PowerState.POWER_ON;
                }
                case POWER_OFF, SOFT_POWER_OFF -> {
                    power.powerOff(current);
                    yield PowerState.POWER_OFF;
                }
                case REBOOTING, SOFT_REBOOTING -> {
                    power.reboot(current);
                    yield PowerState.POWER_ON;
                }
            };
        } catch (RuntimeException bmc) {
            String error = "Failed to change power state to '" + target.wireName() + "' by '"
                    + target.wireName() + "'. Error: " + bmc.getMessage()
                    + ". Check the BMC (address, credentials, reachability) in the node's driver_info.";
            LOG.log(System.Logger.Level.WARNING, "node=" + current.uuid() + " " + error);
            Node failed = context.store.nodes().update(lock, current.version(), b -> b.lastError(error)
                    .targetPowerState(Optional.empty()));
            timeline.record(failed, Timeline.Entry.of("power", "power.action", NodeEvent.Severity.ERROR, error)
                    .with("target", target.wireName()).with("error", String.valueOf(bmc.getMessage())));
            return failed;
        }
        Node done = context.store.nodes().update(lock, current.version(), b -> b.powerState(result)
                .targetPowerState(Optional.empty())
                .editInternal(s -> s.withLastPowerStateChange(context.clock.instant())));
        timeline.record(done, Timeline.Entry.of("power", "power.action", NodeEvent.Severity.INFO,
                "Power action '" + target.wireName() + "' done; the node is " + result.wireName())
                .with("target", target.wireName()).with("result", result.wireName()));
        return done;
    }

    void setMaintenance(Node node, boolean on, Optional<String> reason) {
        context.store.locks().withLock(node.uuid(), conductor, lock -> {
            Node current = context.store.nodes().get(node.uuid());
            Optional<Fault> fault = current.attributes().fault();
            Node changed = context.store.nodes().update(lock, current.version(),
                    b -> b.maintenance(on).maintenanceReason(on ? reason : Optional.empty())
                            // Leaving maintenance clears the conductor's fault too, as in Ironic.
                            .editAttributes(a -> on ? a : a.withFault(Optional.empty())));
            Timeline.Entry entry = on
                    ? Timeline.Entry.of("maintenance", "maintenance.set", NodeEvent.Severity.INFO,
                            "Maintenance set" + reason.map(r -> ": " + r).orElse("")).with("reason", reason.orElse(""))
                    : Timeline.Entry.of("maintenance", "maintenance.cleared", NodeEvent.Severity.INFO,
                            "Maintenance cleared" + fault.map(f -> " (and the fault \"" + f.wireName() + "\")")
                                    .orElse(""));
            timeline.record(changed, fault.filter(f -> !on).map(f -> entry.with("fault", f.wireName())).orElse(entry));
            return changed;
        });
    }
}
