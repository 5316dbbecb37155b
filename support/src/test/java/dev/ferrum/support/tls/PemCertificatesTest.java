package dev.ferrum.support.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PemCertificatesTest {
    /** A self-signed agent certificate (IPA's auto-TLS). */
    private static final String FIRST = """
            -----BEGIN CERTIFICATE-----
            MIIBMDCB2KADAgECAhRZ2VoK4buMUUZmPPz20kNIAvu8OzAKBggqhkjOPQQDAjAN
            MQswCQYDVQQDDAJ2bTAeFw0yNjExMjIwMTM0NDhaFw0yNjEyMjIwMjM0NDhaMA0x
            CzAJBgNVBAMMAnZtMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEsTo17/HyWfIL
            CAtga44zancY/X6yshgyvvka+xIwCZfnYcv4fLWYdxp9PDngMqSPZYMZLaulDTB6
            7nNvo2mBvKMWMBQwEgYDVR0RAQH/BAgwBocEfwAAATAKBggqhkjOPQQDAgNHADBE
            AiAPn1F4InwT5pQGOxTsUOsFOXrILtr6+Zp6Mr8/rVgI4AIgDdI4XEyI5s4uWVIc
            bmhW68kS/ujesaLKj+XND3U2uIk=
            -----END CERTIFICATE-----
            """;

    /** A second certificate (keytool). */
    private static final String SECOND = """
            -----BEGIN CERTIFICATE-----
            MIIBRzCB7qADAgECAghoJlglD/+dRTAKBggqhkjOPQQDAzAQMQ4wDAYDVQQDEwVv
            dGhlcjAeFw0yNjExMjYyMjA1NTNaFw0zNjExMjMyMjA1NTNaMBAxDjAMBgNVBAMT
            BW90aGVyMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEup5h+PA1kgydeIGbewIX
            Crx6OAWwQuscYtf864nqYrdENbi5y32JfY5Q1yZFyGsjj2GNL9c0dCc6r2VQM74b
            iKMyMDAwHQYDVR0OBBYEFGAMGnWyst7wftd8MDxixBrcTenVMA8GA1UdEQQIMAaH
            BH8AAAEwCgYIKoZIzj0EAwMDSAAwRQIgdXeNYl3uXGX3Ao77mJuEzSSMJx8y6/83
            BLkdPdPULyACIQCkYdN2HVU1hAL0tAdsdTEqeLAcf2S1x7UYNFkgplp0tw==
            -----END CERTIFICATE-----
            """;

    @Test
    void parseReadsEveryCertificateInTheText() {
        assertThat(PemCertificates.parse(FIRST)).hasSize(1);
        assertThat(PemCertificates.parse(FIRST + SECOND)).hasSize(2);
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
