package dev.ferrum.conductor.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VersionsTest {
    /** The highest version served (1.87: servicing); the wire samples were captured at 1.82. */
    static final String MAX = "1.87";
    @TempDir
    Path temp;
    ApiFixture api;

    @BeforeEach
    void start() {
        api = ApiFixture.withToken(temp);
    }

    @AfterEach
    void stop() {
        api.close();
    }

    /** The JSON body of a captured curl session file (everything from the first '{'). */
    static JsonNode sample(ApiFixture api, String file) throws IOException {
        String text = WireSamples.text(file);
        return api.json.readTree(text.substring(text.indexOf('{')));
    }

    /** The sample with the capture's host swapped for this server's. */
    private JsonNode localised(String file) throws IOException {
        // The samples come from an Ironic serving up to 1.82; Ferrum's documents name its own maximum.
        String text = sample(api, file).toString().replace("http://127.0.0.1:6385", api.base)
                .replace("\"version\":\"1.82\"", "\"version\":\"" + MAX + "\"");
        return api.json.readTree(text);
    }

    @Test
    void rootIsStockIronicsDocumentWithoutVersionHeaders() throws IOException {
        var reply = api.send("GET", "/", Optional.empty(), Optional.empty(), Optional.empty());
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.body()).isEqualTo(localised("get-root.txt"));
        assertThat(keys(reply.body())).containsExactlyElementsOf(keys(localised("get-root.txt")));
        assertThat(reply.header("Openstack-Request-Id")).hasValueSatisfying(id -> assertThat(id).matches("req-[0-9a-f-]{36}"));
    }

    @Test
    void v1WithoutHeaderIsServedAtTheMinimum() throws IOException {
        var reply = api.send("GET", "/v1", Optional.empty(), Optional.empty(), Optional.empty());
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.body()).isEqualTo(localised("get-v1.txt"));
        assertThat(keys(reply.body())).containsExactlyElementsOf(keys(localised("get-v1.txt")));
        assertThat(reply.header("X-OpenStack-Ironic-API-Version")).hasValue("1.1");
        assertThat(reply.header("X-OpenStack-Ironic-API-Minimum-Version")).hasValue("1.1");
        assertThat(reply.header("X-OpenStack-Ironic-API-Maximum-Version")).hasValue(MAX);
    }

    @Test
    void v1AtLatestListsEveryResource() throws IOException {
        // The sample is Ironic's document at its 1.82; 1.84 added continue_inspection after it.
        var reply = api.send("GET", "/v1", Optional.empty(), "1.82");
        assertThat(reply.body()).isEqualTo(localised("get-v1-latest.txt"));
        assertThat(keys(reply.body())).containsExactlyElementsOf(keys(localised("get-v1-latest.txt")));
        assertThat(reply.header("X-OpenStack-Ironic-API-Version")).hasValue("1.82");
        var latest = api.get("/v1");
        assertThat(latest.header("X-OpenStack-Ironic-API-Version")).hasValue(MAX);
        assertThat(keys(latest.body())).endsWith("shards", "continue_inspection");
    }

    @Test
    void anExplicitVersionInRangeIsEchoed() {
        var reply = api.send("GET", "/v1/nodes", Optional.empty(), "1.46");
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.header("X-OpenStack-Ironic-API-Version")).hasValue("1.46");
    }

    @Test
    void versionsAboveTheMaximumOrMalformedAre406WithIronicsBody() {
        for (String version : List.of("1.88", "2.0", "one.two", "1.")) {
            var reply = api.send("GET", "/v1/nodes", Optional.empty(), version);
            assertThat(reply.status()).as(version).isEqualTo(406);
            assertThat(api.faultOf(reply)).as(version).contains(version.equals("1.88") || version.equals("2.0")
                    ? "supported version range is: [1.1, " + MAX + "]" : "Invalid value");
            assertThat(reply.header("X-OpenStack-Ironic-API-Maximum-Version")).hasValue(MAX);
        }
    }

    static List<String> keys(JsonNode node) {
        List<String> keys = new ArrayList<>();
        node.fieldNames().forEachRemaining(keys::add);
        return keys;
    }
}
