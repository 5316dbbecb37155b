package dev.ferrum.hardware.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.hardware.spi.NodeSection;
import dev.ferrum.hardware.spi.StepArgumentException;
import dev.ferrum.hardware.spi.StepNode;
import java.util.Optional;

/** The node document the conductor sent with a step, read for plugins through the wire mapper. */
final class JsonStepNode implements StepNode {
    private final ObjectNode node;
    private final ObjectMapper json;

    JsonStepNode(ObjectNode node, ObjectMapper json) {
        this.node = node;
        this.json = json;
    }

    @Override
    public String uuid() {
        return node.path("uuid").asText("");
    }

    @Override
    public <T> Optional<T> field(NodeSection section, String key, Class<T> type) {
        JsonNode value = node.path(section.wireName()).path(key);
        if (value.isMissingNode() || value.isNull()) {
            return Optional.empty();
        }
        try {
            return Optional.of(json.treeToValue(value, type));
        } catch (Exception e) {
            throw new StepArgumentException(section.wireName() + "." + key + " must be a " + type.getSimpleName()
                    + ", got " + value + ": " + StepJson.reason(e), e);
        }
    }

    @Override
    public <T> T as(Class<T> view) {
        try {
            return json.treeToValue(node, view);
        } catch (Exception e) {
            throw new StepArgumentException("the node does not fit " + view.getSimpleName() + ": "
                    + StepJson.reason(e), e);
        }
    }
}
