package dev.ferrum.protocol.golden;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.protocol.golden.Exchange.Peer;
import dev.ferrum.protocol.json.WireJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Loads the captured wire samples from the test classpath: the {@code wire-*.json} exchange logs
 * and the curl transcripts ({@code *.txt}), whose request lines start with {@code >>>} and whose
 * bodies follow the response headers. Floats are read as BigDecimal so comparisons are exact.
 */
final class WireSamples {
    static final List<String> EXCHANGE_LOGS = List.of(
            "wire-ipa-clean-mm.json",
            "wire-ipa-deploy-fake-direct-failed.json",
            "wire-ipa-deploy-mm-direct-tls.json",
            "wire-ipa-deploy-mm-direct.json",
            "wire-ipa-inspection.json");
    static final List<String> TRANSCRIPTS = List.of(
            "get-root.txt",
            "get-v1.txt",
            "get-v1-latest.txt",
            "ipa-agent-api.txt",
            "ramdisk-lookup-heartbeat.txt",
            "rest-lifecycle.txt",
            "inspector-continue.txt");

    private final ObjectMapper exact;

    WireSamples() {
        exact = WireJson.newMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    }

    /** The mapper that reads golden text exactly; use it to re-read serialised records too. */
    ObjectMapper exactMapper() {
        return exact;
    }

    String text(String name) {
        return resource("/wire-samples/" + name);
    }

    /** A hand-written fixture: {@code {"model", "source", "body"}}. */
    JsonNode fixture(String name) {
        return parse(resource("/fixtures/" + name));
    }

    private static String resource(String path) {
        try (InputStream in = WireSamples.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException(path + " is not on the test classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    JsonNode json(String name) {
        return parse(text(name));
    }

    List<Exchange> all() {
        List<Exchange> all = new ArrayList<>();
        EXCHANGE_LOGS.forEach(name -> all.addAll(exchangeLog(name)));
        TRANSCRIPTS.forEach(name -> all.addAll(transcript(name)));
        return all;
    }

    List<Exchange> exchangeLog(String name) {
        List<Exchange> exchanges = new ArrayList<>();
        JsonNode log = json(name);
        for (int i = 0; i < log.size(); i++) {
            JsonNode entry = log.get(i);
            JsonNode request = entry.get("request");
            JsonNode response = entry.get("response");
            String label = entry.get("label").asText();
            Peer peer = label.endsWith("->ipa") ? Peer.AGENT
                    : label.endsWith("->inspector") ? Peer.INSPECTOR : Peer.IRONIC;
            exchanges.add(new Exchange(name, i, peer, request.get("method").asText(), request.get("path").asText(),
                    response.get("status").asInt(), body(request.get("body")), body(response.get("body"))));
        }
        return exchanges;
    }

    /** Parses a curl transcript; a response without a preceding request line gets method and path "?". */
    List<Exchange> transcript(String name) {
        Peer peer = name.startsWith("ipa-agent") ? Peer.AGENT
                : name.startsWith("inspector") ? Peer.INSPECTOR : Peer.IRONIC;
        String[] lines = text(name).split("\n", -1);
        List<Exchange> exchanges = new ArrayList<>();
        String method = name.startsWith("get-") ? "GET" : "?";
        String path = name.equals("get-root.txt") ? "/" : name.startsWith("get-v1") ? "/v1" : "?";
        Optional<JsonNode> requestBody = Optional.empty();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.startsWith(">>> ")) {
                String content = line.substring(4).strip();
                if (content.startsWith("{")) {
                    requestBody = Optional.of(parse(content));
                    continue;
                }
                String[] parts = content.split("\\s+", 3);
                method = parts[0];
                path = parts.length > 1 ? parts[1] : "/";
                int brace = content.indexOf('{');
                requestBody = brace < 0 ? Optional.empty() : Optional.of(parse(content.substring(brace)));
            } else if (line.startsWith("HTTP/1.1 ")) {
                int status = Integer.parseInt(line.split(" ")[1]);
                int j = i + 1;
                while (j < lines.length && !lines[j].isBlank()) {
                    j++; // headers
                }
                Optional<JsonNode> responseBody = Optional.empty();
                if (j + 1 < lines.length && lines[j + 1].startsWith("{")) {
                    responseBody = Optional.of(parse(lines[j + 1]));
                    j++;
                }
                exchanges.add(new Exchange(name, exchanges.size(), peer, method, path, status, requestBody,
                        responseBody));
                method = "?";
                path = "?";
                requestBody = Optional.empty();
                i = j;
            }
        }
        return exchanges;
    }

    JsonNode parse(String text) {
        try {
            return exact.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("wire sample text is not JSON: " + text, e);
        }
    }

    private static Optional<JsonNode> body(JsonNode body) {
        return body == null || body.isNull() ? Optional.empty() : Optional.of(body);
    }
}
