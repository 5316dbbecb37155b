package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.driver.DriverBundle;
import dev.ferrum.conductor.driver.Validation;
import dev.ferrum.conductor.error.ConductorException;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.store.NodeLock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Adoption, as Ironic's takeover does it: a node deployed by other means becomes {@code active} only when
 * its driver can manage it from now on. The power and boot slots are validated (power was checked when the
 * node became manageable, but its driver_info may have changed since), then the boot slot prepares the
 * instance's boot (the node's next network boot hands over to its disk). Nothing touches the machine's power
 * or disk. Any failure lands in {@code adopt failed} with a last_error naming the interface and the fix, and
 * the recorded power state is dropped, since it may describe another machine.
 */
final class AdoptFlow {
    private static final System.Logger LOG = System.getLogger(AdoptFlow.class.getName());

    private final FlowContext context;

    AdoptFlow(FlowContext context) {
        this.context = context;
    }

    /** The node just entered {@code adopting}. */
    Node start(NodeLock lock, Node node) {
        DriverBundle driver = context.drivers.bundleFor(node);
        List<String> problems = new ArrayList<>();
        check(problems, "power_interface " + node.interfaces().get(InterfaceKind.POWER)
                .orElse("?"), driver.power().validate(node));
        check(problems, "boot_interface " + node.interfaces().get(InterfaceKind.BOOT)
                .orElse("?"), driver.boot().validate(node));
        if (!problems.isEmpty()) {
            return failed(lock, node, String.join("; ", problems)
                    + ". Move the node to manageable (baremetal node manage), fix its driver_info or interfaces"
                    + " (baremetal node validate shows each), then adopt again.");
        }
        try {
            driver.boot().prepareInstance(context.target(node));
        } catch (ConductorException e) {
            return failed(lock, node, "boot_interface could not prepare the instance's boot: " + e.getMessage()
                    + ". Check the boot settings and instance_info, then adopt again.");
        }
        Node adopted = context.fire(lock, node, ProvisionEvent.DONE, b -> b.lastError(Optional.empty()));
        LOG.log(System.Logger.Level.INFO, "node=" + node.uuid() + " adopted");
        return adopted;
    }

    private static void check(List<String> problems, String slot, Validation result) {
        result.failure().ifPresent(reason -> problems.add(slot + " failed validation: " + reason));
    }

    private Node failed(NodeLock lock, Node node, String why) {
        String error = "Error while attempting to adopt node " + node.uuid() + ": " + why;
        LOG.log(System.Logger.Level.ERROR, "node=" + node.uuid() + " " + error);
        return context.fire(lock, node, ProvisionEvent.FAIL, b -> b.lastError(error).powerState(Optional.empty()));
    }
}
