package dev.ferrum.protocol.lookup;

import dev.ferrum.protocol.error.WireFormatException;

/** The answer to {@code GET /v1/lookup}: the node the agent runs on and the agent's configuration. */
public record LookupResponse(LookupNode node, LookupConfig config) {

    public LookupResponse {
        if (node == null) {
            throw new WireFormatException("lookup response needs a node");
        }
        if (config == null) {
            throw new WireFormatException("lookup response needs a config");
        }
    }
}
