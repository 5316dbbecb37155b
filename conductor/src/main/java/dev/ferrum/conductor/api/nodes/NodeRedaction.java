package dev.ferrum.conductor.api.nodes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.auth.Caller;
import dev.ferrum.conductor.auth.Grant;
import dev.ferrum.conductor.node.Node;
import java.util.Map;
import java.util.Optional;

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

    /** The fields a caller who may not see the whole node gets replaced, and with what. */
    private static final Map<String, JsonNode> REPLACED = Map.of(
            "driver_info", note("** Redacted - requires baremetal:node:get:driver_info permission. **"),
            "driver_internal_info", note("** Redacted - Requires baremetal:node:get:driver_internal_info permission. **"),
            "last_error", JsonNodeFactory.instance.textNode(
                    "** Value Redacted - Requires baremetal:node:get:last_error permission. **"),
            "reservation", JsonNodeFactory.instance.textNode(
                    "** Redacted - requires baremetal:node:get:reservation permission. **"));

    private static JsonNode note(String content) {
        return JsonNodeFactory.instance.objectNode().put("content", content);
    }

    /** {@code document}, rendered from {@code node}, with what {@code caller} may not see replaced. */
    static ObjectNode apply(Caller caller, Node node, ObjectNode document) {
        if (!seesAll(caller, node)) {
            // set() on a present key keeps its place, so the document's key order stays Ironic's.
            REPLACED.forEach((field, value) -> {
                if (document.has(field)) {
                    document.set(field, value.deepCopy());
                }
            });
        }
        return document;
    }

    /** Whether {@code caller} reads {@code node} unredacted: a system reader, or a reader of the owning project. */
    static boolean seesAll(Caller caller, Node node) {
        return caller.grant().filter(Grant::isSystem).isPresent()
                || caller.project().filter(p -> node.attributes().owner().filter(p::equals).isPresent()).isPresent();
    }

    /** What a caller who does not {@link #seesAll} is shown instead of {@code field}'s value, if it is hidden. */
    static Optional<JsonNode> replacement(String field) {
        return Optional.ofNullable(REPLACED.get(field));
    }
}
