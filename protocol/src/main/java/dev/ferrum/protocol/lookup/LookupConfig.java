package dev.ferrum.protocol.lookup;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.ferrum.protocol.error.WireFormatException;
import dev.ferrum.protocol.json.WireValues;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The agent configuration lookup returns: how often to heartbeat ({@code heartbeatTimeout}
 * seconds; the agent heartbeats well within it), the agent token and whether it is required. The
 * token is issued on the first lookup only; later lookups show {@link #MASKED_TOKEN}, and lookups
 * below microversion 1.62 show null. Every other key (metrics, permitted image formats, …) stays in
 * {@code extra} so a re-sent config loses nothing.
 */
public record LookupConfig(
        int heartbeatTimeout,
        Optional<String> agentToken,
        boolean agentTokenRequired,
        @JsonAnySetter @JsonAnyGetter Map<String, JsonNode> extra) {

    /** What Ironic shows instead of a token that was already issued. */
    public static final String MASKED_TOKEN = "******";

    public LookupConfig {
        if (heartbeatTimeout <= 0) {
            throw new WireFormatException("lookup config needs a positive heartbeat_timeout, got " + heartbeatTimeout);
        }
        agentToken = WireValues.orEmpty(agentToken);
        extra = WireValues.orderedMap(extra);
    }

    /**
     * The config Ironic answers a lookup with: its default (no-op) metrics settings, the heartbeat timeout,
     * the token as this lookup may show it (issued, {@link #MASKED_TOKEN}, or empty for none), the token
     * required, deep image inspection on, the permitted image formats and BIOS bootloader installs allowed.
     */
    public static LookupConfig ironic(int heartbeatTimeout, Optional<String> agentToken,
            List<String> permittedImageFormats) {
        JsonNodeFactory json = JsonNodeFactory.instance;
        Map<String, JsonNode> extra = new LinkedHashMap<>();
        extra.put("metrics", json.objectNode().put("backend", "noop").put("prepend_host", false)
                .put("prepend_uuid", false).put("prepend_host_reverse", true).putNull("global_prefix"));
        extra.put("metrics_statsd", json.objectNode().put("statsd_host", "localhost").put("statsd_port", 8125));
        extra.put("disable_deep_image_inspection", json.booleanNode(false));
        ArrayNode formats = json.arrayNode();
        permittedImageFormats.forEach(formats::add);
        extra.put("permitted_image_formats", formats);
        extra.put("enable_bios_bootloader_install", json.booleanNode(true));
        return new LookupConfig(heartbeatTimeout, agentToken, true, extra);
    }

    /** The token the agent must present from now on, if this lookup issued one (not masked, not null). */
    public Optional<String> usableAgentToken() {
        return agentToken.filter(token -> !token.isBlank() && !MASKED_TOKEN.equals(token));
    }

    /** Image formats the conductor permits the agent to write; empty when it does not say. */
    public List<String> permittedImageFormats() {
        JsonNode formats = extra.get("permitted_image_formats");
        List<String> result = new ArrayList<>();
        if (formats != null && formats.isArray()) {
            formats.forEach(format -> result.add(format.asText()));
        }
        return List.copyOf(result);
    }

    /** True when the conductor told the agent to skip deep image inspection. */
    public boolean deepImageInspectionDisabled() {
        JsonNode flag = extra.get("disable_deep_image_inspection");
        return flag != null && flag.asBoolean(false);
    }
}
