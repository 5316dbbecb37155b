package dev.ferrum.protocol.golden;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** The comparator must catch exactly what a broken record would do to a body. */
class JsonSemanticsTest {
    private final WireSamples samples = new WireSamples();

    private JsonNode json(String text) {
        return samples.parse(text);
    }

    @Test
    void nullValuedKeyEqualsAbsentKey() {
        assertThat(JsonSemantics.differences(json("{\"a\": 1, \"b\": null}"), json("{\"a\": 1}"))).isEmpty();
        assertThat(JsonSemantics.differences(json("{\"a\": 1}"), json("{\"a\": 1, \"b\": null}"))).isEmpty();
    }

    @Test
    void numbersCompareByValue() {
        assertThat(JsonSemantics.differences(json("{\"a\": 1}"), json("{\"a\": 1.0}"))).isEmpty();
        assertThat(JsonSemantics.differences(json("{\"t\": 1795315037.1820831}"), json("{\"t\": 1.7953150371820831E9}")))
                .isEmpty();
        assertThat(JsonSemantics.differences(json("{\"a\": 1}"), json("{\"a\": 2}"))).hasSize(1);
    }

    @Test
    void droppedFieldIsReportedWithItsPath() {
        assertThat(JsonSemantics.differences(json("{\"node\": {\"uuid\": \"u\", \"links\": []}}"),
                json("{\"node\": {\"uuid\": \"u\"}}")))
                .containsExactly("$.node.links: expected [] but got absent/null");
    }

    @Test
    void renamedFieldIsReportedTwice() {
        assertThat(JsonSemantics.differences(json("{\"callback_url\": \"x\"}"), json("{\"callbackUrl\": \"x\"}")))
                .containsExactly("$.callbackUrl: expected absent/null but got \"x\"",
                        "$.callback_url: expected \"x\" but got absent/null");
    }

    @Test
    void typesArraysAndStringsCompareExactly() {
        assertThat(JsonSemantics.differences(json("{\"a\": \"1\"}"), json("{\"a\": 1}"))).hasSize(1);
        assertThat(JsonSemantics.differences(json("[1, 2]"), json("[2, 1]"))).hasSize(2);
        assertThat(JsonSemantics.differences(json("[1, 2]"), json("[1]"))).hasSize(1);
        assertThat(JsonSemantics.differences(json("{\"a\": false}"), json("{}"))).hasSize(1);
        assertThat(JsonSemantics.differences(json("{\"a\": {}}"), json("{}"))).hasSize(1);
    }
}
