package dev.ferrum.conductor.api.nodes;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.auth.Caller;
import dev.ferrum.conductor.auth.Grant;
import dev.ferrum.conductor.node.Node;

/**
 * What a caller who sees a node only as its lessee may not read of it, as Ironic's {@code node_sanitize} hides
 * it under the {@code baremetal:node:get:*} policies (system readers and the owner's readers pass): the BMC
 * details of {@code driver_info}, {@code driver_internal_info}, {@code last_error} and the conductor holding
 * the {@code reservation}, each replaced by a note naming the policy. Secrets inside {@code driver_info} are
 * masked for everyone regardless, as Ironic's {@code show_password} default ("!") does.
 */
final class NodeRedaction {

    private NodeRedaction() {
    }

    /** {@code document}, rendered from {@code node}, with what {@code caller} may not see replaced. */
    static ObjectNode apply(Caller caller, Node node, ObjectNode document) {
        boolean full = caller.grant().filter(Grant::isSystem).isPresent()
                || caller.project().filter(p -> node.attributes().owner().filter(p::equals).isPresent()).isPresent();
        if (full) {
            return document;
        }
        if (document.has("driver_info")) {
            document.putObject("driver_info").put("content",
                    "** Redacted - requires baremetal:node:get:driver_info permission. **");
        }
        if (document.has("driver_internal_info")) {
            document.putObject("driver_internal_info").put("content",
                    "** Redacted - Requires baremetal:node:get:driver_internal_info permission. **");
        }
        if (document.has("last_error")) {
            document.put("last_error", "** Value Redacted - Requires baremetal:node:get:last_error permission. **");
        }
        if (document.has("reservation")) {
            document.put("reservation", "** Redacted - requires baremetal:node:get:reservation permission. **");
        }
        return document;
    }
}
