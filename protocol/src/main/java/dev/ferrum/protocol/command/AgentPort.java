package dev.ferrum.protocol.command;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.protocol.json.WireValues;
import java.util.Map;
import java.util.Optional;

/**
 * A port as Ironic puts it in {@code params.ports} of every step command: the whole port object, so
 * hardware managers that match NICs by switch connection or physical network find those fields.
 * Free-form dicts stay JSON; Ironic's database ids ({@code id}, {@code node_id}, {@code portgroup_id})
 * and fields of newer Ironics are kept in {@code unmodelled}.
 */
public record AgentPort(
        String uuid,
        Optional<String> nodeUuid,
        String address,
        ObjectNode extra,
        ObjectNode localLinkConnection,
        boolean pxeEnabled,
        ObjectNode internalInfo,
        Optional<String> physicalNetwork,
        boolean isSmartnic,
        Optional<String> name,
        Optional<String> createdAt,
        Optional<String> updatedAt,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> unmodelled) {

    public AgentPort {
        WireValues.requireText(uuid, "port uuid");
        WireValues.requireText(address, "port address");
        nodeUuid = WireValues.orEmpty(nodeUuid);
        extra = WireValues.objectOrEmpty(extra);
        localLinkConnection = WireValues.objectOrEmpty(localLinkConnection);
        internalInfo = WireValues.objectOrEmpty(internalInfo);
        physicalNetwork = WireValues.orEmpty(physicalNetwork);
        name = WireValues.orEmpty(name);
        createdAt = WireValues.orEmpty(createdAt);
        updatedAt = WireValues.orEmpty(updatedAt);
        unmodelled = WireValues.orderedMap(unmodelled);
    }
}
