package dev.ferrum.protocol.lookup;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ferrum.protocol.error.WireFormatException;
import dev.ferrum.protocol.json.WireValues;
import java.util.ArrayList;
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
