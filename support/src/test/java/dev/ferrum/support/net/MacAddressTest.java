package dev.ferrum.support.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MacAddressTest {

    @ParameterizedTest
    @ValueSource(strings = {"52:54:00:ab:cd:ef", "52-54-00-AB-CD-EF", "52:54:00:AB:cd:EF"})
    void bothRulesReadColonAndHyphenForms(String text) {
        assertThat(MacAddress.parse(text)).contains(new MacAddress("52:54:00:ab:cd:ef"));
        assertThat(MacAddress.parseLenient(text)).contains(new MacAddress("52:54:00:ab:cd:ef"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"525400ABCDEF", " 52:54:00:ab:cd:ef ", "52-54:00:ab:cd:ef"})
    void onlyTheLenientRuleReadsBareMixedOrPaddedForms(String text) {
        assertThat(MacAddress.parse(text)).isEmpty();
        assertThat(MacAddress.parseLenient(text)).contains(new MacAddress("52:54:00:ab:cd:ef"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "52:54:00:ab:cd", "52:54:00:ab:cd:eg", "52:54:00:ab:cd:ef:01", "5254.00ab.cdef",
            "default", "../../etc", "*:*:*:*:*:*"})
    void neitherRuleReadsAnythingElse(String text) {
        assertThat(MacAddress.parse(text)).isEmpty();
        assertThat(MacAddress.parseLenient(text)).isEmpty();
    }

    @Test
    void derivedForms() {
        MacAddress mac = new MacAddress("52:54:00:ab:cd:ef");

        assertThat(mac.hyphenated()).isEqualTo("52-54-00-ab-cd-ef");
        assertThat(mac.octets()).containsExactly(0x52, 0x54, 0x00, 0xab, 0xcd, 0xef);
        assertThat(mac).hasToString("52:54:00:ab:cd:ef");
    }

    @Test
    void constructorTakesOnlyTheCanonicalForm() {
        assertThatThrownBy(() -> new MacAddress("52-54-00-ab-cd-ef")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("MacAddress.parse");
    }
}
