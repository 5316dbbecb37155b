package dev.ferrum.protocol.lookup;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.protocol.error.WireFormatException;

/**
 * The agent-driver era lookup answer: the heartbeat timeout in seconds and the node, of which the
 * agent needs only the uuid (old conductors sent the whole node, so it stays a free-form dict).
 */
public record LegacyLookupResponse(int heartbeatTimeout, ObjectNode node) {

    public LegacyLookupResponse {
        if (heartbeatTimeout <= 0) {
            throw new WireFormatException("legacy lookup response needs a positive heartbeat_timeout");
        }
        JsonNode uuid = node == null ? null : node.get("uuid");
        if (uuid == null || !uuid.isTextual() || uuid.asText().isBlank()) {
            throw new WireFormatException("legacy lookup response needs node.uuid");
        }
    }

    /** The answer with a node that carries only its uuid, as the spec shows it. */
    public static LegacyLookupResponse of(int heartbeatTimeout, String nodeUuid) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("uuid", nodeUuid);
        return new LegacyLookupResponse(heartbeatTimeout, node);
    }

    public String nodeUuid() {
        return node.get("uuid").asText();
    }
}
