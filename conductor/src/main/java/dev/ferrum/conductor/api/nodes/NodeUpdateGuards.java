package dev.ferrum.conductor.api.nodes;

import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.error.ConflictException;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The provision states in which a PATCH may change what it changes, as Ironic's API and conductor refuse
 * them (409 with Ironic's words): nothing while a transition runs outside the states that allow updates, and
 * nothing in {@code inspecting} from 1.39; driver interfaces and a set resource class only in the
 * "allowed update" states (or, for interfaces, in maintenance); an instance UUID never overwritten by another.
 * Checked before the node is locked, so a refused patch changes nothing.
 */
final class NodeUpdateGuards {
    /** Ironic's {@code allowed_update_states} for interfaces and the resource class. */
    private static final List<ProvisionState> SETTLED_ORDER = List.of(ProvisionState.ENROLL,
            ProvisionState.INSPECTING, ProvisionState.INSPECT_WAIT, ProvisionState.MANAGEABLE, ProvisionState.AVAILABLE);
    private static final Set<ProvisionState> SETTLED_FOR_HARDWARE = EnumSet.copyOf(SETTLED_ORDER);
    /** In Ironic's order, as its message lists them. */
    private static final String SETTLED_NAMES = SETTLED_ORDER.stream().map(ProvisionState::wireName)
            .collect(Collectors.joining(", "));
    private static final Set<String> INTERFACE_FIELDS = Arrays.stream(InterfaceKind.values())
            .map(InterfaceKind::fieldName).collect(Collectors.toSet());

    private NodeUpdateGuards() {
    }

    /** Refuses any patch of a node in the middle of a transition (as Ironic's API does, before reading the patch). */
    static void checkState(ApiCall call, Node node, List<JsonPatch.Operation> operations) {
        // Ironic's one exception: freeing a node in maintenance from a lost instance.
        boolean onlyRemovesInstance = node.maintenance() && operations.size() == 1
                && operations.getFirst().op().equals("remove") && operations.getFirst().path().equals(List.of("instance_uuid"));
        if (!onlyRemovesInstance && node.targetProvisionState().isPresent() && !node.provisionState().allowsUpdate()) {
            throw new ConflictException("Node " + call.pathParam("ident") + " can not be updated while a state"
                    + " transition is in progress.");
        }
        if (node.provisionState() == ProvisionState.INSPECTING && call.atLeast(1, 39)) {
            throw new ConflictException("Cannot update node \"" + node.uuid() + "\" while it is in state \"inspecting\".");
        }
    }

    /**
     * Refuses {@code touched} top-level fields of {@code node} that its state does not let change, as Ironic's
     * conductor does; {@code patched} is the node as the patch would leave it.
     */
    static void checkChanges(Node node, Set<String> touched, Node patched) {
        boolean settled = SETTLED_FOR_HARDWARE.contains(node.provisionState());
        for (String field : touched) {
            if (INTERFACE_FIELDS.contains(field) && !settled && !node.maintenance()
                    && !node.interfaces().equals(patched.interfaces())) {
                throw new ConflictException("Node " + node.uuid() + " can not have " + field + " updated unless it is in"
                        + " one of allowed (" + SETTLED_NAMES + ") states or in maintenance mode. Current state is '"
                        + node.provisionState().wireName() + "'.");
            }
        }
        if (touched.contains("resource_class") && node.resourceClass().isPresent() && !settled
                && !node.resourceClass().equals(patched.resourceClass())) {
            throw new ConflictException("Node " + node.uuid() + " can not have resource_class updated unless it is in one"
                    + " of allowed (" + SETTLED_NAMES + ") states. Current state is '" + node.provisionState().wireName()
                    + "'.");
        }
        if (touched.contains("instance_uuid") && node.instanceUuid().isPresent() && patched.instanceUuid().isPresent()
                && !node.instanceUuid().equals(patched.instanceUuid())) {
            throw new ConflictException("Node " + node.uuid() + " is associated with instance "
                    + node.instanceUuid().get() + ".");
        }
    }
}
