package dev.ferrum.protocol.api;

import dev.ferrum.protocol.json.WireValues;
import java.util.List;

/**
 * ironic-python-agent's {@code GET /v1/} document. Unlike Ironic's, its {@code media_types} is a
 * list, and it links exactly two resources: {@code commands} and {@code status}.
 */
public record AgentV1Document(
        String id,
        List<Link> links,
        List<MediaType> mediaTypes,
        List<Link> commands,
        List<Link> status) {

    public AgentV1Document {
        WireValues.requireText(id, "agent v1 document id");
        links = WireValues.listOrEmpty(links);
        mediaTypes = WireValues.listOrEmpty(mediaTypes);
        commands = WireValues.listOrEmpty(commands);
        status = WireValues.listOrEmpty(status);
    }
}
