package dev.ferrum.support.tls;

import static dev.ferrum.testing.AgentCertificates.AUTO_TLS_AGENT;
import static dev.ferrum.testing.AgentCertificates.OTHER_AGENT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PemCertificatesTest {
    @Test
    void parseReadsEveryCertificateInTheText() {
        assertThat(PemCertificates.parse(AUTO_TLS_AGENT)).hasSize(1);
        assertThat(PemCertificates.parse(AUTO_TLS_AGENT + OTHER_AGENT)).hasSize(2);
    }

    @Test
    void parseLeavesTheCountToTheCaller() {
        assertThat(PemCertificates.parse("")).isEmpty();
    }

    @Test
    void parseRefusesTextThatIsNotCertificatesWithTheReadersWords() {
        assertThatThrownBy(() -> PemCertificates.parse("not a certificate")).isInstanceOf(PemTextException.class)
                .satisfies(e -> assertThat(((PemTextException) e).detail()).isNotBlank());
    }
}
