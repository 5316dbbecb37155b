package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What {@link FlowFixtureExtension} stops after a test: the agents, the conductor, the test's directory. */
class FlowFixtureExtensionTest {
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private boolean answers(String url) {
        try {
            http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.discarding());
            return true;
        } catch (IOException refused) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void afterEachStopsTheAgentAndTheConductorAndDeletesTheDirectory() throws IOException {
        FlowFixtureExtension flow = new FlowFixtureExtension();
        String agent = flow.agent().url();
        String conductor = flow.start(FlowConfig.defaults()).base + "/v1";
        Path dir = flow.temp();
        Files.writeString(dir.resolve("left-by-the-test"), "x");
        assertThat(answers(conductor)).isTrue();
        assertThat(answers(agent)).isTrue();

        flow.afterEach(null);

        assertThat(answers(conductor)).as("the conductor's server is stopped").isFalse();
        assertThat(answers(agent)).as("the agent's server is stopped").isFalse();
        assertThat(dir).doesNotExist();
    }

    @Test
    void aTestRunsOneConductorAtATimeOnTheSameStore() {
        FlowFixtureExtension flow = new FlowFixtureExtension();
        try {
            UUID node = flow.start(FlowConfig.defaults()).createNode("kept", "02:fc:00:00:00:99", "");

            assertThatThrownBy(() -> flow.start(FlowConfig.defaults())).isInstanceOf(IllegalStateException.class);
            flow.stop();
            assertThat(flow.start(FlowConfig.defaults()).store.nodes().find(node))
                    .as("the next conductor opens the first one's store").isPresent();
        } finally {
            flow.afterEach(null);
        }
    }
}
