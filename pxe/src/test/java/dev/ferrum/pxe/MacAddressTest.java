package dev.ferrum.pxe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MacAddressTest {

    @ParameterizedTest
    @ValueSource(strings = {"52:54:00:ab:cd:ef", "52-54-00-AB-CD-EF", "52:54:00:AB:cd:EF"})
    void parsesColonAndHyphenFormsToTheCanonicalOne(String text) {
        MacAddress mac = MacAddress.parse(text);

        assertThat(mac.value()).isEqualTo("52:54:00:ab:cd:ef");
        assertThat(mac.hyphenated()).isEqualTo("52-54-00-ab-cd-ef");
        assertThat(mac.pxelinuxConfigName()).isEqualTo("01-52-54-00-ab-cd-ef");
        assertThat(mac.octets()).containsExactly(0x52, 0x54, 0x00, 0xab, 0xcd, 0xef);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "52:54:00:ab:cd", "52:54:00:ab:cd:ef:01", "52-54:00:ab:cd:ef", "5254.00ab.cdef", "zz:54:00:ab:cd:ef",
            "default", "../../etc", "*:*:*:*:*:*"})
    void refusesAnythingElse(String text) {
        assertThat(MacAddress.tryParse(text)).isEmpty();
        assertThatThrownBy(() -> MacAddress.parse(text)).isInstanceOf(PxeException.class).hasMessageContaining("not a MAC address");
    }

    @Test
    void constructorTakesOnlyTheCanonicalForm() {
        assertThatThrownBy(() -> new MacAddress("52-54-00-ab-cd-ef")).isInstanceOf(PxeException.class)
                .hasMessageContaining("MacAddress.parse");
    }
}
