package dev.ferrum.imagebuilder.java;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrainingConductorTest {
    @TempDir
    Path dir;

    @Test
    void answersTheAgentsBootPathAsAConductorTakingItsCertificate() throws IOException {
        try (TrainingConductor conductor = TrainingConductor.start(dir.toString())) {
            assertThat(conductor.url().getHost()).isEqualTo("127.0.0.1");

            Reply root = call(conductor.url().resolve("/"), "GET", "");
            Reply lookup = call(conductor.url().resolve("/v1/lookup?addresses=52:54:00:fe:00:01"), "GET", "");
            Reply inspection = call(conductor.inspectionUrl(), "POST", "{\"inventory\": {}}");
            Reply other = call(conductor.url().resolve("/v1/nodes"), "GET", "");

            assertThat(root.status()).isEqualTo(200);
            assertThat(root.body()).contains("\"default_version\"", "\"version\": \"1.87\"");
            assertThat(lookup.status()).isEqualTo(200);
            assertThat(lookup.body()).contains("\"uuid\": \"" + TrainingConductor.NODE_UUID + "\"",
                    "\"heartbeat_timeout\": 300", "\"agent_token\": \"training-token\"");
            assertThat(inspection.status()).isEqualTo(200);
            assertThat(inspection.body()).contains(TrainingConductor.NODE_UUID);
            assertThat(other.status()).isEqualTo(404);
            assertThat(conductor.stoppedTheAgent()).isFalse();
        }
    }

    @Test
    void theFirstHeartbeatStopsOnlyTheProcessesNamingTheMarker() throws Exception {
        Path marker = Files.createDirectories(dir.resolve("training-root"));
        // Idle processes whose arguments name a file under the marker or not, as the training JVM's --root does.
        Path watched = Files.writeString(marker.resolve("cmdline"), "");
        Path elsewhere = Files.writeString(dir.resolve("other"), "");
        Process training = new ProcessBuilder("tail", "-f", watched.toString()).start();
        Process bystander = new ProcessBuilder("tail", "-f", elsewhere.toString()).start();
        try (TrainingConductor conductor = TrainingConductor.start(marker.toString())) {
            Reply beat = call(conductor.url().resolve("/v1/heartbeat/" + TrainingConductor.NODE_UUID), "POST",
                    "{\"callback_url\": \"http://127.0.0.1:9999\", \"agent_token\": \"training-token\"}");

            assertThat(beat.status()).isEqualTo(202);
            // Stopped once idle (at once for tail), at the latest after a minute.
            assertThat(training.waitFor(120, TimeUnit.SECONDS)).as("the training process was stopped").isTrue();
            assertThat(conductor.stoppedTheAgent()).isTrue();
            assertThat(bystander.isAlive()).isTrue();
        } finally {
            training.destroyForcibly();
            bystander.destroyForcibly();
        }
    }

    private record Reply(int status, String body) {
    }

    private static Reply call(URI uri, String method, String body) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) uri.toURL().openConnection();
        connection.setRequestMethod(method);
        if (!body.isEmpty()) {
            connection.setDoOutput(true);
            try (OutputStream out = connection.getOutputStream()) {
                out.write(body.getBytes(StandardCharsets.UTF_8));
            }
        }
        int status = connection.getResponseCode();
        InputStream in = status >= 400 ? connection.getErrorStream() : connection.getInputStream();
        String text = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        connection.disconnect();
        return new Reply(status, text);
    }
}
