package dev.ferrum.protocol.golden;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * One captured HTTP exchange from a wire sample: which file and position, which service answered,
 * the request line, the status and the JSON bodies (empty when absent or not JSON).
 */
record Exchange(
        String source,
        int index,
        Peer peer,
        String method,
        String path,
        int status,
        Optional<JsonNode> requestBody,
        Optional<JsonNode> responseBody) {

    /** The service that answered the exchange, which decides how bodies are read. */
    enum Peer { IRONIC, AGENT, INSPECTOR }

    /** The path without its query string (which carries agent tokens and MACs). */
    String route() {
        int query = path.indexOf('?');
        String bare = query < 0 ? path : path.substring(0, query);
        return bare.length() > 1 && bare.endsWith("/") ? bare.substring(0, bare.length() - 1) : bare;
    }

    String label() {
        return source + " #" + index + " " + method + " " + route();
    }
}
