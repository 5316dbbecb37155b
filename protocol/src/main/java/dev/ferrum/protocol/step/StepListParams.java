package dev.ferrum.protocol.step;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.protocol.json.WireValues;
import java.util.List;
import java.util.Map;

/**
 * The params of {@code clean.get_clean_steps} and {@code deploy.get_deploy_steps}: the node and
 * its ports, which hardware managers may consult to decide which steps they offer.
 */
public record StepListParams(
        ObjectNode node,
        List<JsonNode> ports,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) {

    public StepListParams {
        node = WireValues.objectOrEmpty(node);
        ports = WireValues.listOrEmpty(ports);
        extra = WireValues.orderedMap(extra);
    }
}
