package dev.ferrum.protocol.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import dev.ferrum.protocol.error.WireFormatException;
import dev.ferrum.protocol.json.WireValues;
import java.util.List;
import java.util.Map;

/**
 * Ironic's {@code GET /v1} document: id, links, media types, the version range served and one
 * list of links per top-level resource ({@code nodes}, {@code ports}, {@code lookup}, …). Which
 * resources appear depends on the negotiated microversion, so they are kept as an ordered map.
 */
public record IronicV1Document(
        String id,
        List<Link> links,
        MediaType mediaTypes,
        ApiVersion version,
        @JsonAnySetter @JsonAnyGetter Map<String, List<Link>> resources) {

    public IronicV1Document {
        WireValues.requireText(id, "v1 document id");
        links = WireValues.listOrEmpty(links);
        if (mediaTypes == null || version == null) {
            throw new WireFormatException("v1 document needs media_types and version");
        }
        resources = WireValues.orderedMap(resources);
    }

    /** The links of one resource collection, empty when this version does not offer it. */
    public List<Link> resource(String name) {
        return resources.getOrDefault(name, List.of());
    }
}
