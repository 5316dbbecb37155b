package dev.ferrum.protocol.inspection;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.protocol.error.WireFormatException;
import dev.ferrum.protocol.json.WireValues;

/**
 * Ironic's answer to {@code POST /v1/continue_inspection}: the node the data was matched to (its uuid)
 * and agent configuration, which is empty when inspection changes none of the agent's settings.
 */
public record ContinueInspectionResponse(ContinueResponse node, ObjectNode config) {

    public ContinueInspectionResponse {
        if (node == null) {
            throw new WireFormatException("continue_inspection response needs a node");
        }
        config = WireValues.objectOrEmpty(config);
    }

    /** The answer naming {@code nodeUuid}, with no agent configuration. */
    public static ContinueInspectionResponse of(String nodeUuid) {
        return new ContinueInspectionResponse(ContinueResponse.of(nodeUuid), null);
    }
}
