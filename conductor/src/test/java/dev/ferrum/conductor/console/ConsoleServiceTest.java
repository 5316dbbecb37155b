package dev.ferrum.conductor.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.api.ApiAuth;
import dev.ferrum.conductor.cli.ConductorServer;
import dev.ferrum.conductor.cli.ConductorSettings;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The console on the API's own port: its files are public, the API behind it still asks for a token. */
class ConsoleServiceTest {
    private final HttpClient http = HttpClient.newHttpClient();

    @TempDir
    Path temp;

    private HttpResponse<String> get(String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void servesTheBuiltAppBesideTheApiWhichStillAsksForCredentials() throws Exception {
        var settings = new ConductorSettings("127.0.0.1", 0, URI.create("http://127.0.0.1:6385"), temp.resolve("data"),
                Optional.empty(), new ApiAuth.Tokens(List.of("s3cret")), temp.resolve("boot"), true, "console-test",
                Duration.ofSeconds(1), Duration.ofSeconds(5));
        try (ConductorServer server = ConductorServer.start(settings)) {
            String base = "http://127.0.0.1:" + server.port();

            var bare = get(base + "/console");
            assertThat(bare.statusCode()).isEqualTo(301);
            assertThat(bare.headers().firstValue("Location")).contains("/console/");

            var page = get(base + "/console/");
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/html"));
            assertThat(page.body()).contains("<title>Ferrum console</title>");
            // Built by Vite: assets referenced relative to the page and served from the jar, nothing from elsewhere.
            assertThat(page.body()).doesNotContain("http://", "https://");
            Matcher script = Pattern.compile("src=\"\\./(assets/[^\"]+\\.js)\"").matcher(page.body());
            assertThat(script.find()).as(page.body()).isTrue();
            var asset = get(base + "/console/" + script.group(1));
            assertThat(asset.statusCode()).isEqualTo(200);
            assertThat(asset.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/javascript"));
            assertThat(asset.headers().firstValue("Cache-Control")).hasValueSatisfying(c -> assertThat(c).contains("immutable"));
            assertThat(asset.body()).contains("/v1/nodes");

            assertThat(get(base + "/console/assets/missing.js").statusCode()).isEqualTo(404);
            assertThat(get(base + "/console/..%2F..%2Fdev/ferrum/conductor/console/ConsoleService.class").statusCode())
                    .isEqualTo(404);
            // The API keeps its own rules: credentials required, and /console is not a /v1 path.
            assertThat(get(base + "/v1/nodes").statusCode()).isEqualTo(401);
            assertThat(get(base + "/v1/console").statusCode()).isIn(401, 404);
        }
    }
}
