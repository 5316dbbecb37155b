package dev.ferrum.conductor.api.nodes;

import dev.ferrum.conductor.api.ApiException;
import dev.ferrum.conductor.node.Node;

/** Ironic's guard on protected nodes: no undeploy, rebuild or delete while {@code protected} is set (403). */
public final class NodeProtection {
    private NodeProtection() {
    }

    /** 403 when {@code node} is protected; the operator must unset {@code protected} first. */
    public static void refuseIfProtected(Node node) {
        if (node.attributes().isProtected()) {
            throw new ApiException(403, "Node " + node.uuid() + " is protected and cannot be undeployed, rebuilt or"
                    + " deleted");
        }
    }
}
