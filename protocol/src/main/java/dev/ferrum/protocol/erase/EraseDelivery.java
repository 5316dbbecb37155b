package dev.ferrum.protocol.erase;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The erase certificates a finished clean step delivers in its {@code command_result}
 * ({@code clean_result.erase_certificates}), with the signing key the agent announced
 * ({@code clean_result.erase_signing_key}, empty when none). Read leniently: each document stays as
 * sent, since a certificate that does not verify is kept and flagged by the conductor, never dropped.
 */
public record EraseDelivery(List<JsonNode> documents, String announcedKey) {

    public EraseDelivery {
        documents = List.copyOf(documents);
    }

    /** What {@code commandResult} delivers; no documents when it carries none. */
    public static EraseDelivery of(Optional<JsonNode> commandResult) {
        JsonNode result = commandResult.map(r -> r.path("clean_result")).orElse(null);
        if (result == null || !result.path("erase_certificates").isArray()) {
            return new EraseDelivery(List.of(), "");
        }
        List<JsonNode> documents = new ArrayList<>();
        result.get("erase_certificates").forEach(documents::add);
        return new EraseDelivery(documents, result.path("erase_signing_key").asText(""));
    }

    /**
     * What the conductor records of one delivered document's {@code certificate}, each value as sent or
     * empty when absent: id, the signer's key, the node it was issued for, the device and its serial, the
     * sanitization method and category, the outcome.
     */
    public record Summary(String id, String agentPublicKey, String nodeUuid, String device, String serial,
                          String method, String category, String outcome) {

        public static Summary of(JsonNode document) {
            JsonNode body = document.path("certificate");
            return new Summary(body.path("id").asText(""), body.path("agent_public_key").asText(""),
                    body.path("node_uuid").asText(""), body.path("media").path("device").asText(""),
                    body.path("media").path("serial").asText(""), body.path("sanitization").path("method").asText(""),
                    body.path("sanitization").path("category").asText(""), body.path("outcome").asText(""));
        }
    }
}
