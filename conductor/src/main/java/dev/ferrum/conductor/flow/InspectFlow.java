package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.error.ConductorException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeLock;
import java.util.function.Function;

/**
 * The conductor's half of inspection; the node's inspect method does the rest. A {@code fake} inspect
 * finishes at once; in-band ({@code agent}) boots the ramdisk with the inspection callback and waits in
 * {@code inspect wait} until the ramdisk posts its inventory to {@code /v1/continue}, which the
 * inspection package processes; remote ({@code inspector}) asks the inspection service to start and waits
 * in {@code inspect wait} while {@link #poll} lets it read the service's status. The service writes what
 * it found onto the node itself, through the API; the wait state's deadline bounds both waits.
 */
final class InspectFlow {
    private final FlowContext context;

    InspectFlow(FlowContext context) {
        this.context = context;
    }

    /** The node just entered {@code inspecting}. */
    Node start(FlowTask task, NodeLock lock, Node node) {
        try {
            return task.driver().inspect().start(task, node);
        } catch (ConductorException e) {
            // Every method's moves end in the one transition, so a failure leaves node as stored.
            return context.fail(lock, node, "Failed to prepare the node for inspection: " + e.getMessage());
        }
    }

    /**
     * Lets the inspect method of a node waiting in {@code inspect wait} (not in maintenance) check on its
     * inspection; nodes in another state are left alone. {@code listed} was read before the lock was taken.
     */
    Node poll(Node listed, Function<Node, FlowTask> taskFor) {
        Node current = context.reload(listed);
        if (current.provisionState() != ProvisionState.INSPECT_WAIT || current.maintenance()) {
            return current;
        }
        FlowTask task = taskFor.apply(current);
        return task.driver().inspect().poll(task, current);
    }
}
