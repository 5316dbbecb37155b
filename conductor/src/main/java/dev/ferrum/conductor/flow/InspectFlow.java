package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.driver.DriverBundle;
import dev.ferrum.conductor.driver.boot.RamdiskPurpose;
import dev.ferrum.conductor.error.ConductorException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.store.NodeLock;
import java.util.Optional;

/**
 * The conductor's half of inspection: a {@code fake} inspect finishes at once; in-band ({@code agent})
 * boots the ramdisk with the inspection callback and waits in {@code inspect wait} until the ramdisk
 * posts its inventory to {@code /v1/continue}, which the inspection package processes.
 */
final class InspectFlow {
    private final FlowContext context;

    InspectFlow(FlowContext context) {
        this.context = context;
    }

    /** The node just entered {@code inspecting}. */
    void start(NodeLock lock, Node node) {
        DriverBundle driver = context.drivers.bundleFor(node);
        try {
            switch (driver.inspect().style()) {
                case IMMEDIATE -> context.fire(lock, node, ProvisionEvent.DONE,
                        b -> b.inspectionFinishedAt(Optional.of(context.clock.instant())));
                case IN_BAND -> context.bootRamdiskAndWait(lock, node, RamdiskPurpose.INSPECT,
                        context.config.inspectWaitTimeout());
                case REMOTE -> context.fail(lock, node, "Inspection through a separate inspector service is not"
                        + " driven by this conductor; use inspect_interface=agent.");
                case NONE -> context.fail(lock, node, "Node has no inspect interface; set inspect_interface to"
                        + " agent or fake.");
            }
        } catch (ConductorException e) {
            context.fail(lock, node, "Failed to prepare the node for inspection: " + e.getMessage());
        }
    }
}
