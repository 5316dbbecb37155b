package dev.ferrum.conductor.console;

import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;

/**
 * Serves the console's built files from the classpath at {@value #PATH}. The page and its assets are
 * public, like Ironic's root document: they carry no data, and every call the app makes goes to the
 * API, which asks for the operator's token or password as it does for the CLI.
 */
public final class ConsoleService implements HttpService {
    public static final String PATH = "/console";
    private static final String ROOT = "ferrum-console/";
    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html; charset=utf-8", "js", "text/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8", "svg", "image/svg+xml", "png", "image/png",
            "ico", "image/x-icon", "json", "application/json");

    private final ClassLoader loader;

    public ConsoleService() {
        this(ConsoleService.class.getClassLoader());
    }

    ConsoleService(ClassLoader loader) {
        this.loader = loader;
    }

    /** Registers the console at {@value #PATH} on {@code routing}. */
    public HttpRouting.Builder mount(HttpRouting.Builder routing) {
        // The app's assets are relative to the page: /console must become /console/ before it loads.
        return routing.get(PATH, (req, res) -> res.status(Status.MOVED_PERMANENTLY_301)
                .header(HeaderNames.LOCATION, PATH + "/").send())
                .register(PATH, this);
    }

    @Override
    public void routing(HttpRules rules) {
        rules.get("/", this::index)
                .get("/{+path}", this::file);
    }

    private void index(ServerRequest req, ServerResponse res) {
        send(res, "index.html");
    }

    private void file(ServerRequest req, ServerResponse res) {
        String path = req.path().pathParameters().get("path");
        if (path.isEmpty()) {
            send(res, "index.html");
            return;
        }
        // Only names the build produced: no way up the tree, no directory listings.
        if (path.contains("..") || path.startsWith("/") || path.contains("\\") || path.endsWith("/")) {
            res.status(Status.NOT_FOUND_404).send();
            return;
        }
        send(res, path);
    }

    private void send(ServerResponse res, String name) {
        Optional<byte[]> bytes = read(name);
        if (bytes.isEmpty()) {
            res.status(Status.NOT_FOUND_404).header(HeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8")
                    .send("not part of the console: " + name + "\n");
            return;
        }
        String extension = name.substring(name.lastIndexOf('.') + 1);
        res.header(HeaderNames.CONTENT_TYPE, TYPES.getOrDefault(extension, "application/octet-stream"));
        // Vite names assets by content hash, so they never change; the page itself is checked each time.
        res.header(HeaderNames.CACHE_CONTROL, name.startsWith("assets/") ? "public, max-age=31536000, immutable"
                : "no-cache");
        res.header(HeaderNames.X_CONTENT_TYPE_OPTIONS, "nosniff");
        res.send(bytes.get());
    }

    private Optional<byte[]> read(String name) {
        try (InputStream in = loader.getResourceAsStream(ROOT + name)) {
            return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the console's " + name + " from the classpath", e);
        }
    }
}
