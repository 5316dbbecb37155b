package dev.ferrum.conductor.api;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A server-sent-events client as a browser's EventSource reads a stream: {@code field: value} lines, an empty line
 * ends an event, lines starting with ':' are comments (kept apart, so a test can see keep-alives).
 */
final class SseClient implements AutoCloseable {
    record Event(Optional<String> id, String type, String data) {
    }

    final int status;
    final Optional<String> contentType;
    private final InputStream body;
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final BlockingQueue<String> comments = new LinkedBlockingQueue<>();
    private final BlockingQueue<String> retries = new LinkedBlockingQueue<>();
    private final Thread reader;

    SseClient(HttpClient http, String url, Map<String, String> headers) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).GET();
        headers.forEach(request::header);
        HttpResponse<InputStream> response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        status = response.statusCode();
        contentType = response.headers().firstValue("Content-Type");
        body = response.body();
        reader = Thread.ofVirtual().start(this::read);
    }

    private void read() {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
            Optional<String> id = Optional.empty();
            String type = "message";
            StringBuilder data = new StringBuilder();
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.isEmpty()) {
                    if (!data.isEmpty()) {
                        events.add(new Event(id, type, data.toString()));
                    }
                    id = Optional.empty();
                    type = "message";
                    data.setLength(0);
                } else if (line.startsWith(":")) {
                    comments.add(line.substring(1).strip());
                } else if (line.startsWith("id: ")) {
                    id = Optional.of(line.substring(4));
                } else if (line.startsWith("event: ")) {
                    type = line.substring(7);
                } else if (line.startsWith("data: ")) {
                    data.append(data.isEmpty() ? "" : "\n").append(line.substring(6));
                } else if (line.startsWith("retry: ")) {
                    retries.add(line.substring(7));
                }
            }
        } catch (IOException closed) {
            // The test closed the stream.
        }
    }

    /** The next event, failing the test after {@code wait}. */
    Event next(Duration wait) throws InterruptedException {
        Event event = events.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
        if (event == null) {
            throw new AssertionError("no event within " + wait);
        }
        return event;
    }

    /** The next event if one comes within {@code wait}. */
    Optional<Event> poll(Duration wait) throws InterruptedException {
        return Optional.ofNullable(events.poll(wait.toMillis(), TimeUnit.MILLISECONDS));
    }

    Optional<String> comment(Duration wait) throws InterruptedException {
        return Optional.ofNullable(comments.poll(wait.toMillis(), TimeUnit.MILLISECONDS));
    }

    Optional<String> retry(Duration wait) throws InterruptedException {
        return Optional.ofNullable(retries.poll(wait.toMillis(), TimeUnit.MILLISECONDS));
    }

    @Override
    public void close() throws IOException {
        body.close();
        reader.interrupt();
    }
}
