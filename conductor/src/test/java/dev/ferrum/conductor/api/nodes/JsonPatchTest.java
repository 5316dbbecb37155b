package dev.ferrum.conductor.api.nodes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.protocol.json.WireJson;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class JsonPatchTest {
    private final ObjectMapper json = WireJson.newMapper();

    private ObjectNode apply(String document, String patch) throws Exception {
        ObjectNode target = (ObjectNode) json.readTree(document);
        JsonPatch.parse(json.readTree(patch)).applyTo(target);
        return target;
    }

    @Test
    void addReplaceRemoveOnObjectsAndLists() throws Exception {
        ObjectNode out = apply("{\"a\":{\"b\":1},\"l\":[1,2]}", "["
                + "{\"op\":\"add\",\"path\":\"/a/c\",\"value\":{\"d\":true}},"
                + "{\"op\":\"replace\",\"path\":\"/a/b\",\"value\":2},"
                + "{\"op\":\"add\",\"path\":\"/l/-\",\"value\":3},"
                + "{\"op\":\"add\",\"path\":\"/l/0\",\"value\":0},"
                + "{\"op\":\"remove\",\"path\":\"/l/1\"},"
                + "{\"op\":\"add\",\"path\":\"/a/x~1y~0z\",\"value\":\"esc\"}]");
        assertThat(out.toString()).isEqualTo("{\"a\":{\"b\":2,\"c\":{\"d\":true},\"x/y~z\":\"esc\"},\"l\":[0,2,3]}");
    }

    @Test
    void addOverwritesAsRfc6902Says() throws Exception {
        assertThat(apply("{\"a\":1}", "[{\"op\":\"add\",\"path\":\"/a\",\"value\":2}]").toString()).isEqualTo("{\"a\":2}");
    }

    @Test
    void malformedPatchesAreTheCallersError() {
        for (String patch : new String[] {"{}", "[]", "[1]", "[{\"op\":\"add\"}]", "[{\"op\":\"copy\",\"path\":\"/a\"}]",
                "[{\"op\":\"add\",\"path\":\"a\",\"value\":1}]", "[{\"op\":\"replace\",\"path\":\"/a\"}]"}) {
            assertThatThrownBy(() -> apply("{}", patch)).as(patch).isInstanceOf(InvalidInputException.class);
        }
        assertThatThrownBy(() -> apply("{\"a\":1}", "[{\"op\":\"remove\",\"path\":\"/b\"}]"))
                .hasMessageContaining("/b");
        assertThatThrownBy(() -> apply("{\"a\":1}", "[{\"op\":\"add\",\"path\":\"/x/y\",\"value\":1}]"))
                .hasMessageContaining("/x/y");
        assertThatThrownBy(() -> apply("{\"l\":[]}", "[{\"op\":\"add\",\"path\":\"/l/5\",\"value\":1}]"))
                .isInstanceOf(InvalidInputException.class);
    }

    @Test
    void timesAreWrittenAsPythonsIsoformat() {
        assertThat(ApiTimes.format(Instant.parse("2026-11-22T02:19:35.598981Z"))).isEqualTo("2026-11-22T02:19:35.598981+00:00");
        assertThat(ApiTimes.format(Instant.parse("2026-11-22T02:19:35Z"))).isEqualTo("2026-11-22T02:19:35+00:00");
        assertThat(ApiTimes.format(Instant.parse("2026-11-22T02:19:35.000100999Z"))).isEqualTo("2026-11-22T02:19:35.000100+00:00");
    }
}
