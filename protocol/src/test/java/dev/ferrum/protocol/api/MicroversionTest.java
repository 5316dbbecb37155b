package dev.ferrum.protocol.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.protocol.error.VersionNotAcceptableException;
import dev.ferrum.protocol.error.WireFormatException;
import dev.ferrum.protocol.json.WireJson;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MicroversionTest {
    private final MicroversionRange ironic = new MicroversionRange(Microversion.of(1, 1), Microversion.of(1, 82));

    @Test
    void parsesMajorMinorAndLatest() {
        assertThat(Microversion.parse("1.82")).isEqualTo(Microversion.of(1, 82));
        assertThat(Microversion.parse(" 1.1 ")).isEqualTo(Microversion.of(1, 1));
        assertThat(Microversion.parse("latest")).isSameAs(Microversion.LATEST);
        assertThat(Microversion.parse("LATEST").isLatest()).isTrue();
    }

    @Test
    void comparesNumericallyNotAsText() {
        assertThat(Microversion.parse("1.9")).isLessThan(Microversion.parse("1.10"));
        assertThat(Microversion.parse("2.0")).isGreaterThan(Microversion.parse("1.82"));
        assertThat(Microversion.LATEST).isGreaterThan(Microversion.of(99, 99));
        assertThat(Microversion.of(1, 72).isAtLeast(Microversion.of(1, 68))).isTrue();
        assertThat(Microversion.of(1, 62).isAtLeast(Microversion.of(1, 68))).isFalse();
        assertThat(List.of(Microversion.of(1, 22), Microversion.of(1, 1), Microversion.of(1, 62)).stream().sorted())
                .containsExactly(Microversion.of(1, 1), Microversion.of(1, 22), Microversion.of(1, 62));
    }

    @Test
    void printsTheWireForm() {
        assertThat(Microversion.of(1, 82)).hasToString("1.82");
        assertThat(Microversion.LATEST).hasToString("latest");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1", "1.", ".1", "v1.2", "1.2.3", "-1.2", "1.x", "one.two", "1234567890.1", "newest"})
    void rejectsMalformedVersionsNamingTheValue(String text) {
        assertThatThrownBy(() -> Microversion.parse(text))
                .isInstanceOf(WireFormatException.class)
                .hasMessageContaining("'" + text + "'")
                .hasMessageContaining("<major>.<minor>");
    }

    @Test
    void negotiatesLikeIronic() {
        assertThat(ironic.negotiate(Optional.empty())).isEqualTo(Microversion.of(1, 1));
        assertThat(ironic.negotiate(Optional.of(" "))).isEqualTo(Microversion.of(1, 1));
        assertThat(ironic.negotiate(Optional.of("latest"))).isEqualTo(Microversion.of(1, 82));
        assertThat(ironic.negotiate(Optional.of("1.68"))).isEqualTo(Microversion.of(1, 68));
        assertThat(ironic.negotiate(Optional.of("1.82"))).isEqualTo(Microversion.of(1, 82));
    }

    @Test
    void refusesVersionsOutsideTheRangeWith406Semantics() {
        assertThatThrownBy(() -> ironic.negotiate(Optional.of("1.83")))
                .isInstanceOf(VersionNotAcceptableException.class)
                .hasMessageContaining("1.83")
                .hasMessageContaining("[1.1, 1.82]");
        assertThatThrownBy(() -> ironic.negotiate(Optional.of("0.9")))
                .isInstanceOf(VersionNotAcceptableException.class);
        assertThatThrownBy(() -> ironic.negotiate(Optional.of("1.x")))
                .isInstanceOf(VersionNotAcceptableException.class)
                .hasMessageContaining(ApiHeaders.IRONIC_VERSION)
                .hasMessageContaining("'1.x'");
    }

    @Test
    void rangeMustBeOrderedAndConcrete() {
        assertThatThrownBy(() -> new MicroversionRange(Microversion.of(1, 82), Microversion.of(1, 1)))
                .isInstanceOf(WireFormatException.class);
        assertThatThrownBy(() -> new MicroversionRange(Microversion.of(1, 1), Microversion.LATEST))
                .isInstanceOf(WireFormatException.class);
    }

    @Test
    void versionDocumentsCarryMicroversionsAsStrings() throws Exception {
        ObjectMapper mapper = WireJson.newMapper();
        ApiVersion version = ApiVersion.current("v1", List.of(Link.of("http://127.0.0.1:6385/v1/", "self")), ironic);

        String json = mapper.writeValueAsString(version);

        assertThat(json).contains("\"min_version\":\"1.1\"").contains("\"version\":\"1.82\"")
                .contains("\"status\":\"CURRENT\"").doesNotContain("\"type\"");
        assertThat(mapper.readValue(json, ApiVersion.class)).isEqualTo(version);
        assertThatThrownBy(() -> WireJson.read(mapper, "{\"id\":\"v1\",\"version\":\"1.8x\"}", ApiVersion.class))
                .isInstanceOf(WireFormatException.class)
                .hasMessageContaining("$.version")
                .hasMessageContaining("'1.8x'");
    }
}
