package dev.ferrum.conductor.flow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.protocol.json.WireJson;
import io.helidon.common.media.type.MediaTypes;
import io.helidon.http.Status;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An agent API on loopback that answers the conductor with what a stock IPA answered Ironic in a
 * capture. Command POSTs are matched to the captured ones in order: a POST for a different command than
 * the capture's next one is answered 404 (as IPA answers an unknown command) and recorded as a
 * mismatch. A command listing is answered with the capture's listing that followed the last matched POST.
 */
final class ReplayAgent implements AutoCloseable {
    /** A command the conductor sent: its name, params, and the {@code wait} flag and token query values. */
    record SentCommand(JsonNode body, Optional<String> waitFlag, Optional<String> token) {
        String name() {
            return body.path("name").asText();
        }
    }

    private final ObjectMapper json = WireJson.newMapper();
    private final WebServer server;
    private final List<SentCommand> sent = new CopyOnWriteArrayList<>();
    private final List<String> mismatches = new CopyOnWriteArrayList<>();
    private volatile List<WireCapture.Exchange> script = List.of();
    /** Capture index of the last exchange served. */
    private volatile int position = -1;

    ReplayAgent() {
        server = WebServer.builder().host("127.0.0.1").port(0).routing(r -> r
                .post("/v1/commands/", this::command)
                .get("/v1/commands/", this::list)).build().start();
    }

    String url() {
        return "http://127.0.0.1:" + server.port();
    }

    /** The capture to answer from (after substitutions); the conductor-to-agent exchanges are used. */
    void script(List<WireCapture.Exchange> exchanges) {
        script = List.copyOf(exchanges);
    }

    List<SentCommand> sent() {
        return List.copyOf(sent);
    }

    List<String> mismatches() {
        return List.copyOf(mismatches);
    }

    /** Whether every conductor-to-agent POST captured before {@code index} has been served. */
    boolean servedCommandsBefore(int index) {
        return script.stream().filter(e -> e.index() < index && e.index() > position)
                .noneMatch(e -> e.direction() == WireCapture.Direction.CONDUCTOR_TO_AGENT && e.method().equals("POST"));
    }

    private synchronized void command(ServerRequest req, ServerResponse res) {
        JsonNode body;
        try {
            body = json.readTree(req.content().as(String.class));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        SentCommand command = new SentCommand(body, req.query().first("wait").asOptional(),
                req.query().first("agent_token").asOptional());
        sent.add(command);
        Optional<WireCapture.Exchange> next = script.stream().filter(e -> e.index() > position
                && e.direction() == WireCapture.Direction.CONDUCTOR_TO_AGENT && e.method().equals("POST")).findFirst();
        if (next.isEmpty() || !next.get().commandName().equals(command.name())) {
            mismatches.add("conductor sent " + command.name() + " where the capture has "
                    + next.map(WireCapture.Exchange::commandName).orElse("no further command"));
            res.status(Status.NOT_FOUND_404).send("{\"message\": \"not in the capture\"}");
            return;
        }
        position = next.get().index();
        answer(res, next.get());
    }

    private synchronized void list(ServerRequest req, ServerResponse res) {
        List<WireCapture.Exchange> lists = script.stream().filter(e -> e.direction()
                == WireCapture.Direction.CONDUCTOR_TO_AGENT && e.method().equals("GET")).toList();
        // The listing right after the last served POST; a repeated poll gets the same listing again.
        Optional<WireCapture.Exchange> after = lists.stream().filter(e -> e.index() > position
                && noPostBetween(position, e.index())).findFirst();
        Optional<WireCapture.Exchange> chosen = after.or(() -> lists.stream()
                .filter(e -> e.index() <= position).reduce((a, b) -> b));
        if (chosen.isEmpty()) {
            mismatches.add("conductor listed commands before the capture has any listing");
            res.status(Status.NOT_FOUND_404).send("{\"message\": \"not in the capture\"}");
            return;
        }
        position = Math.max(position, chosen.get().index());
        answer(res, chosen.get());
    }

    private boolean noPostBetween(int from, int to) {
        return script.stream().noneMatch(e -> e.index() > from && e.index() < to
                && e.direction() == WireCapture.Direction.CONDUCTOR_TO_AGENT && e.method().equals("POST"));
    }

    private void answer(ServerResponse res, WireCapture.Exchange exchange) {
        try {
            res.status(Status.create(exchange.status())).headers().contentType(MediaTypes.APPLICATION_JSON);
            res.send(json.writeValueAsBytes(exchange.responseBody()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        server.stop();
    }
}
