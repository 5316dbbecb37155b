package dev.ferrum.protocol.lookup;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.protocol.api.Link;
import dev.ferrum.protocol.json.WireValues;
import java.util.List;
import java.util.Map;

/**
 * The restricted view of a node that lookup hands the agent: uuid, properties (root device hints,
 * capabilities), instance_info and driver_internal_info (free-form dicts, kept as JSON at this
 * edge) and links. Fields a newer conductor adds are kept in {@code extra}.
 */
public record LookupNode(
        String uuid,
        ObjectNode properties,
        ObjectNode instanceInfo,
        ObjectNode driverInternalInfo,
        // The agent-driver era answer has no links; left off when empty rather than sent as [].
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Link> links,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) {

    public LookupNode {
        WireValues.requireText(uuid, "lookup node uuid");
        properties = WireValues.objectOrEmpty(properties);
        instanceInfo = WireValues.objectOrEmpty(instanceInfo);
        driverInternalInfo = WireValues.objectOrEmpty(driverInternalInfo);
        links = WireValues.listOrEmpty(links);
        extra = WireValues.orderedMap(extra);
    }
}
