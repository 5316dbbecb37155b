package dev.ferrum.protocol.step;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.protocol.error.WireFormatException;
import dev.ferrum.protocol.json.WireValues;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The params of {@code clean.execute_clean_step}, {@code deploy.execute_deploy_step} and
 * {@code service.execute_service_step} ({@code service_version} rides in {@code extra}): the step
 * to run, the node and its ports (Ironic's full objects, free-form at this edge), and the hardware
 * manager versions the conductor saw when it listed the steps ({@code clean_version} or
 * {@code deploy_version}); the agent answers {@code CLEAN_VERSION_MISMATCH} when its own differ.
 */
public record ExecuteStepParams(
        StepInvocation step,
        ObjectNode node,
        List<JsonNode> ports,
        @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<Map<String, String>> cleanVersion,
        @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<Map<String, String>> deployVersion,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) {

    public ExecuteStepParams {
        if (step == null) {
            throw new WireFormatException("execute step params need a step");
        }
        node = WireValues.objectOrEmpty(node);
        ports = WireValues.listOrEmpty(ports);
        cleanVersion = WireValues.orEmpty(cleanVersion).map(WireValues::orderedMap);
        deployVersion = WireValues.orEmpty(deployVersion).map(WireValues::orderedMap);
        extra = WireValues.orderedMap(extra);
    }

    /** Where {@code execute_service_step} carries the manager versions (IPA's keyword argument). */
    public static final String SERVICE_VERSION = "service_version";

    /** The manager versions to check against, whichever of the three keys the conductor used. */
    public Optional<Map<String, String>> expectedVersions() {
        return cleanVersion.or(() -> deployVersion).or(() -> Optional.ofNullable(extra.get(SERVICE_VERSION))
                .filter(JsonNode::isObject).map(ExecuteStepParams::textMap));
    }

    private static Map<String, String> textMap(JsonNode object) {
        Map<String, String> versions = new java.util.LinkedHashMap<>();
        object.properties().forEach(e -> versions.put(e.getKey(), e.getValue().asText()));
        return versions;
    }
}
