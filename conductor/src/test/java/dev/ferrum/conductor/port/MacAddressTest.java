package dev.ferrum.conductor.port;

import dev.ferrum.conductor.error.InvalidInputException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MacAddressTest {

    @ParameterizedTest
    @ValueSource(strings = {"52:54:00:AB:cd:EF", "52-54-00-ab-cd-ef", "525400ABCDEF", " 52:54:00:ab:cd:ef "})
    void normalisesToLowerCaseColons(String text) {
        assertThat(MacAddresses.parse(text).value()).isEqualTo("52:54:00:ab:cd:ef");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "52:54:00:ab:cd", "52:54:00:ab:cd:eg", "52:54:00:ab:cd:ef:01", "5254.00ab.cdef"})
    void rejectsWhatIsNotAMac(String text) {
        assertThatThrownBy(() -> MacAddresses.parse(text)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("not a valid MAC address");
    }
}
