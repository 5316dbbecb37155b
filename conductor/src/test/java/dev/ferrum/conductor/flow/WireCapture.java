package dev.ferrum.conductor.flow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One captured session of a stock ironic-python-agent against a stock Ironic (the {@code wire-*.json}
 * files of shared/wire-samples): every exchange in order, with the side that sent the request. Text
 * substitutions (ids, tokens, addresses that must differ on replay) are applied when an exchange is read.
 */
final class WireCapture {
    /** Who sent the request: the agent to the conductor, or the conductor to the agent. */
    enum Direction { AGENT_TO_CONDUCTOR, CONDUCTOR_TO_AGENT }

    record Exchange(int index, Direction direction, String method, String path, Map<String, String> requestHeaders,
                    JsonNode requestBody, int status, Map<String, String> responseHeaders, JsonNode responseBody) {

        /** The path without its query string. */
        String route() {
            int query = path.indexOf('?');
            return query < 0 ? path : path.substring(0, query);
        }

        Optional<String> responseHeader(String name) {
            return Optional.ofNullable(responseHeaders.get(name.toLowerCase(Locale.ROOT)));
        }

        /** The agent command a conductor-to-agent POST carried, e.g. {@code deploy.get_deploy_steps}. */
        String commandName() {
            return requestBody.path("name").asText();
        }
    }

    private final ObjectMapper json;
    private final String raw;

    private WireCapture(ObjectMapper json, String raw) {
        this.json = json;
        this.raw = raw;
    }

    static WireCapture load(ObjectMapper json, String file) {
        try (InputStream in = WireCapture.class.getResourceAsStream("/wire-samples/" + file)) {
            if (in == null) {
                throw new IllegalArgumentException("no wire sample " + file + " in the test resources");
            }
            return new WireCapture(json, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The exchanges with every {@code from -> to} substitution applied to the captured text. */
    List<Exchange> exchanges(Map<String, String> substitutions) {
        String text = raw;
        for (Map.Entry<String, String> swap : substitutions.entrySet()) {
            text = text.replace(swap.getKey(), swap.getValue());
        }
        JsonNode all;
        try {
            all = json.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Exchange> out = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            JsonNode entry = all.get(i);
            String label = entry.path("label").asText();
            Direction direction = switch (label) {
                // Ferrum's conductor serves the inspector's ramdisk callback on its own port.
                case "ipa->ironic", "ipa->inspector" -> Direction.AGENT_TO_CONDUCTOR;
                case "conductor->ipa" -> Direction.CONDUCTOR_TO_AGENT;
                default -> throw new IllegalArgumentException("capture entry " + i + " has unknown label " + label);
            };
            JsonNode request = entry.path("request");
            JsonNode response = entry.path("response");
            out.add(new Exchange(i, direction, request.path("method").asText(), request.path("path").asText(),
                    headers(request.path("headers")), request.path("body"), response.path("status").asInt(),
                    headers(response.path("headers")), response.path("body")));
        }
        return out;
    }

    /** The first value the capture holds at {@code pointer} in an exchange's response body. */
    String firstResponseValue(String route, String pointer) {
        return exchanges(Map.of()).stream().filter(e -> e.route().startsWith(route))
                .map(e -> e.responseBody().at(pointer)).filter(n -> !n.isMissingNode()).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no " + pointer + " in a " + route + " answer"))
                .asText();
    }

    private static Map<String, String> headers(JsonNode headers) {
        Map<String, String> out = new LinkedHashMap<>();
        headers.properties().forEach(h -> out.put(h.getKey().toLowerCase(Locale.ROOT), h.getValue().asText()));
        return out;
    }
}
