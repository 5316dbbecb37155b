package dev.ferrum.pxe.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ByteRangeTest {

    @ParameterizedTest(name = "{0} of 100 bytes -> {1}")
    @CsvSource(delimiter = '|', value = {
        "bytes=0-9       | part 0-9",
        "bytes=10-       | part 10-99",
        "bytes=-10       | part 90-99",
        "bytes=-500      | part 0-99",
        "bytes=90-500    | part 90-99",
        "bytes=99-99     | part 99-99",
        "bytes=100-      | unsatisfiable",
        "bytes=100-200   | unsatisfiable",
        "bytes=-0        | unsatisfiable",
        "bytes=9-0       | whole",
        "bytes=0-9,20-29 | whole",
        "items=0-9       | whole",
        "bytes=-         | whole",
        "bytes=abc       | whole",
        "bytes=99999999999999999999- | whole",
    })
    void readsASingleRangeAndIgnoresTheRest(String header, String expected) {
        assertThat(describe(ByteRange.parse(Optional.of(header), 100))).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"bytes=0-0", "bytes=-1"})
    void anEmptyFileHasNoSatisfiableRange(String header) {
        assertThat(describe(ByteRange.parse(Optional.of(header), 0))).isEqualTo("unsatisfiable");
    }

    @ParameterizedTest
    @CsvSource({"0,9,bytes 0-9/100,10"})
    void formatsContentRange(long first, long last, String contentRange, long length) {
        ByteRange range = new ByteRange(first, last);
        assertThat(range.contentRange(100)).isEqualTo(contentRange);
        assertThat(range.length()).isEqualTo(length);
    }

    private static String describe(ByteRange.Request request) {
        return switch (request) {
            case ByteRange.Whole w -> "whole";
            case ByteRange.Unsatisfiable u -> "unsatisfiable";
            case ByteRange.Part p -> "part " + p.range().first() + "-" + p.range().last();
        };
    }
}
