package dev.ferrum.testing;

/**
 * Two fixed agent certificates in PEM, for tests about what the conductor records of an agent's
 * certificate and how PEM text is read: fixed text rather than {@link TestCertificate} because those
 * tests compare the very bytes an agent sends.
 */
public final class AgentCertificates {
    /** Shaped as IPA's auto-TLS makes it: EC P-256, {@code CN=vm}, an IP SAN. */
    public static final String AUTO_TLS_AGENT = """
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

    /** Another agent's certificate (keytool), for showing that a change is refused. */
    public static final String OTHER_AGENT = """
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

    private AgentCertificates() {
    }
}
