package dev.ferrum.conductor.json;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JsonDictTest {

    @Test
    void isImmutableThroughCopies() throws Exception {
        ObjectNode source = (ObjectNode) JsonMapper.builder().build().readTree("{\"a\": {\"b\": 1}}");
        JsonDict dict = JsonDict.of(source);

        source.put("x", 1);
        dict.toObjectNode().put("y", 2);
        ((ObjectNode) dict.get("a").orElseThrow()).put("c", 3);

        assertThat(dict.toString()).isEqualTo("{\"a\":{\"b\":1}}");
        assertThat(dict.with("k", "v").keys()).containsExactly("a", "k");
        assertThat(dict.keys()).containsExactly("a");
        assertThat(dict.without("a").isEmpty()).isTrue();
    }

    @Test
    void readsScalarsAsText() throws Exception {
        JsonDict dict = JsonDict.of((ObjectNode) JsonMapper.builder().build()
                .readTree("{\"s\": \"x\", \"n\": 5, \"nil\": null, \"o\": {}}"));

        assertThat(dict.string("s")).contains("x");
        assertThat(dict.string("n")).contains("5");
        assertThat(dict.string("nil")).isEmpty();
        assertThat(dict.get("nil")).isEmpty();
        assertThat(dict.string("o")).isEmpty();
    }
}
