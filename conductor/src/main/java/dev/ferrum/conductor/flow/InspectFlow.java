package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.driver.DriverBundle;
import dev.ferrum.conductor.driver.boot.RamdiskPurpose;
import dev.ferrum.conductor.driver.inspect.InspectorInspect;
import dev.ferrum.conductor.driver.inspect.IntrospectionStatus;
import dev.ferrum.conductor.error.ConductorException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeLock;
import java.util.Optional;

/**
 * The conductor's half of inspection: a {@code fake} inspect finishes at once; in-band ({@code agent})
 * boots the ramdisk with the inspection callback and waits in {@code inspect wait} until the ramdisk
 * posts its inventory to {@code /v1/continue}, which the inspection package processes; remote
 * ({@code inspector}) asks the inspection service to start and waits in {@code inspect wait} while
 * {@link #poll} reads the service's status. The service writes what it found onto the node itself,
 * through the API; the wait state's deadline bounds both waits.
 */
final class InspectFlow {
    private static final System.Logger LOG = System.getLogger(InspectFlow.class.getName());

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
                case REMOTE -> startRemote(lock, node, remote(driver));
                case NONE -> context.fail(lock, node, "Node has no inspect interface; set inspect_interface to"
                        + " agent or fake.");
            }
        } catch (ConductorException e) {
            context.fail(lock, node, "Failed to prepare the node for inspection: " + e.getMessage());
        }
    }

    private void startRemote(NodeLock lock, Node node, InspectorInspect inspector) {
        // The service powers and boots the node itself (discoverd's contract); the conductor only asks.
        inspector.client().start(node.uuid());
        context.fire(lock, node, ProvisionEvent.WAIT, b -> b.editInternal(s -> s.withWaitDeadline(
                Optional.of(context.clock.instant().plus(context.config.inspectWaitTimeout())))));
    }

    /**
     * Reads the inspection service's status for a node waiting on it: finished without error → manageable,
     * finished with an error → inspect failed with that error; still running, or the service unreachable this
     * time, leaves the node waiting (its deadline still applies). Nodes not waiting on a remote service are left alone.
     */
    void poll(NodeLock lock, Node node) {
        Node current = context.reload(node);
        if (current.provisionState() != ProvisionState.INSPECT_WAIT || current.maintenance()) {
            return;
        }
        DriverBundle driver = context.drivers.bundleFor(current);
        if (!(driver.inspect() instanceof InspectorInspect inspector)) {
            return;
        }
        IntrospectionStatus status;
        try {
            status = inspector.client().status(current.uuid());
        } catch (ConductorException e) {
            LOG.log(System.Logger.Level.WARNING, "node=" + current.uuid() + " inspector status unavailable; asking"
                    + " again next poll: " + e.getMessage());
            return;
        }
        switch (status.outcome()) {
            case RUNNING -> LOG.log(System.Logger.Level.DEBUG, "node=" + current.uuid() + " introspection running");
            case SUCCEEDED -> context.fire(lock, current, ProvisionEvent.DONE, b -> b.lastError(Optional.empty())
                    .inspectionFinishedAt(Optional.of(context.clock.instant()))
                    .editInternal(s -> s.withWaitDeadline(Optional.empty())));
            case FAILED -> context.fail(lock, current, "The inspector service reports that introspection failed: "
                    + status.error().orElseThrow());
        }
    }

    private static InspectorInspect remote(DriverBundle driver) {
        if (driver.inspect() instanceof InspectorInspect inspector) {
            return inspector;
        }
        throw new IllegalStateException("inspect interface '" + driver.inspect().name() + "' says it is remote but"
                + " is not the inspector interface");
    }
}
