package dev.ferrum.conductor.api.volume;

import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.ApiException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.InvalidStateException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.Store;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * What Ironic asks of a node before its volume records change: changes need the node powered off;
 * deletion also passes in the states a node itself may be deleted in (manageable, enroll, adopt
 * failed). The volume API exists from 1.32; below it every path is a 404.
 */
final class VolumeRules {
    static final int SINCE = 32;
    private static final Set<ProvisionState> DELETE_ALLOWED = EnumSet.of(ProvisionState.MANAGEABLE,
            ProvisionState.ENROLL, ProvisionState.ADOPT_FAILED);

    private VolumeRules() {
    }

    static void checkVersion(ApiCall call) {
        if (!call.atLeast(1, SINCE)) {
            throw new ApiException(404, "The volume API needs X-OpenStack-Ironic-API-Version 1." + SINCE
                    + " or later.");
        }
    }

    /** The node a create body names; a missing one is a 400 as it is named in the body. */
    static Node bodyNode(Store store, UUID node) {
        return store.nodes().find(node).orElseThrow(() -> new InvalidInputException("Invalid input for"
                + " field/attribute node_uuid. Value: " + node + ". Node " + node + " could not be found."));
    }

    /** Changes need the node powered off. */
    static void checkUpdatable(Node node, String action) {
        if (node.powerState().filter(p -> p == PowerState.POWER_OFF).isEmpty()) {
            throw refused(node, action);
        }
    }

    /** Deletion needs the node powered off or in a state the node could be deleted in. */
    static void checkDeletable(Node node, String action) {
        if (!DELETE_ALLOWED.contains(node.provisionState())
                && node.powerState().filter(p -> p == PowerState.POWER_OFF).isEmpty()) {
            throw refused(node, action);
        }
    }

    /** Ironic's refusal of a create, change or delete addressed under a node's path. */
    static ApiException malformed() {
        return new ApiException(400, "Malformed request URI: volume records are created, changed and deleted at"
                + " /v1/volume/..., not under a node.");
    }

    private static InvalidStateException refused(Node node, String action) {
        Optional<String> state = node.powerState().map(PowerState::toString);
        return new InvalidStateException("The requested action \"" + action + "\" can not be performed on node \""
                + node.uuid() + "\" while it is in state \"" + state.orElse("None") + "\"; power the node off"
                + " first.");
    }
}
