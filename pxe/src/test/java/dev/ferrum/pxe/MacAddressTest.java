package dev.ferrum.pxe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.support.net.MacAddress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** pxe reads the one {@link MacAddress} type through {@link MacAddresses}: the strict rule, pxe's exception. */
class MacAddressTest {

    @ParameterizedTest
    @ValueSource(strings = {"52:54:00:ab:cd:ef", "52-54-00-AB-CD-EF", "52:54:00:AB:cd:EF"})
    void parsesColonAndHyphenFormsToTheCanonicalOne(String text) {
        MacAddress mac = MacAddresses.parse(text);

        assertThat(mac.value()).isEqualTo("52:54:00:ab:cd:ef");
        assertThat(mac.hyphenated()).isEqualTo("52-54-00-ab-cd-ef");
        assertThat(MacAddresses.pxelinuxConfigName(mac)).isEqualTo("01-52-54-00-ab-cd-ef");
        assertThat(mac.octets()).containsExactly(0x52, 0x54, 0x00, 0xab, 0xcd, 0xef);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "52:54:00:ab:cd", "52:54:00:ab:cd:ef:01", "52-54:00:ab:cd:ef", "5254.00ab.cdef", "zz:54:00:ab:cd:ef",
            "default", "../../etc", "*:*:*:*:*:*"})
    void refusesAnythingElse(String text) {
        assertThat(MacAddress.parse(text)).isEmpty();
        assertThatThrownBy(() -> MacAddresses.parse(text)).isInstanceOf(PxeException.class).hasMessageContaining("not a MAC address");
    }

    @Test
    void constructorTakesOnlyTheCanonicalForm() {
        assertThatThrownBy(() -> MacAddresses.canonical("52-54-00-ab-cd-ef")).isInstanceOf(PxeException.class)
                .hasMessageContaining("MacAddress.parse");
    }
}
