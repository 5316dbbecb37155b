package dev.ferrum.agent.tls;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The auto-TLS certificate is well-formed X.509 as the JDK reads it, self-signed, and names the callback host. */
class SelfSignedCertificateTest {
    private static final Instant NOW = Instant.parse("2026-11-26T12:00:00Z");

    @Test
    void anIpv4HostIsAnIpAddressSubjectAltNameAndTheSignatureVerifies() throws Exception {
        SelfSignedCertificate own = SelfSignedCertificate.generate("192.0.2.10", NOW, new SecureRandom());
        X509Certificate certificate = own.certificate();

        certificate.verify(certificate.getPublicKey());
        assertThat(certificate.getVersion()).isEqualTo(3);
        assertThat(certificate.getSigAlgName()).isEqualTo("SHA256withECDSA");
        assertThat(certificate.getSubjectX500Principal().getName()).isEqualTo("CN=192.0.2.10");
        assertThat(certificate.getIssuerX500Principal()).isEqualTo(certificate.getSubjectX500Principal());
        assertThat(certificate.getSubjectAlternativeNames()).containsExactly(List.of(7, "192.0.2.10"));
        assertThat(certificate.getCriticalExtensionOIDs()).containsExactly("2.5.29.17");
        assertThat(certificate.getSerialNumber().signum()).isPositive();
        certificate.checkValidity(Date.from(NOW));
        certificate.checkValidity(Date.from(NOW.plus(Duration.ofDays(29))));
        assertThat(certificate.getNotAfter().toInstant()).isEqualTo(NOW.minusSeconds(60).plus(Duration.ofDays(30)));
    }

    @Test
    void ipv6AndDnsNamesAreNamedToo() throws Exception {
        X509Certificate v6 = SelfSignedCertificate.generate("fd00::5", NOW, new SecureRandom()).certificate();
        assertThat(v6.getSubjectAlternativeNames()).containsExactly(List.of(7, "fd00:0:0:0:0:0:0:5"));
        X509Certificate dns = SelfSignedCertificate.generate("node-7.example.org", NOW, new SecureRandom()).certificate();
        assertThat(dns.getSubjectAlternativeNames()).containsExactly(List.of(2, "node-7.example.org"));
    }

    @Test
    void thePemReadsBackAsTheSameCertificateAndEachStartMakesANewKey() throws Exception {
        SelfSignedCertificate first = SelfSignedCertificate.generate("127.0.0.1", NOW, new SecureRandom());
        SelfSignedCertificate second = SelfSignedCertificate.generate("127.0.0.1", NOW, new SecureRandom());
        var read = CertificateFactory.getInstance("X.509").generateCertificate(
                new ByteArrayInputStream(first.certificatePem().getBytes(StandardCharsets.US_ASCII)));
        assertThat(read).isEqualTo(first.certificate());
        assertThat(first.certificatePem()).startsWith("-----BEGIN CERTIFICATE-----\n").endsWith("-----END CERTIFICATE-----\n");
        assertThat(first.privateKeyPem()).startsWith("-----BEGIN PRIVATE KEY-----\n");
        assertThat(second.certificate().getPublicKey()).isNotEqualTo(first.certificate().getPublicKey());
    }
}
