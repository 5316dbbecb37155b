package dev.ferrum.protocol.erase;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.util.List;
import org.junit.jupiter.api.Test;

class EraseCertificatesTest {
    private final EraseCertificates certificates = new EraseCertificates();
    private final KeyPair keys = EraseCertificates.newKeyPair();

    @Test
    void signedDocumentVerifiesUnderTheKeyItNames() {
        ObjectNode document = certificates.sign(certificate(keys), keys);

        EraseCertificates.Check check = certificates.verify(document);

        assertThat(check.verified()).isTrue();
        assertThat(check.keyId()).hasSize(32)
                .isEqualTo(EraseCertificates.keyId(EraseCertificates.encodeKey(keys.getPublic())));
        assertThat(document.path("format").asText()).isEqualTo("ferrum-erase-certificate/1");
        assertThat(document.path("certificate").path("media").path("serial").asText()).isEqualTo("S4EVNF0M");
        assertThat(certificates.certificateOf(document)).isEqualTo(certificate(keys));
    }

    @Test
    void anyChangeToTheCertificateBreaksTheSignature() {
        ObjectNode document = certificates.sign(certificate(keys), keys);
        ((ObjectNode) document.path("certificate")).put("outcome", "SUCCESS ");

        assertThat(certificates.verify(document).verified()).isFalse();
        assertThat(certificates.verify(document).problem()).contains("does not match");
    }

    @Test
    void swappingInAnotherKeyDoesNotVerify() {
        KeyPair other = EraseCertificates.newKeyPair();
        ObjectNode document = certificates.sign(certificate(keys), keys);
        ((ObjectNode) document.path("certificate")).put("agent_public_key",
                EraseCertificates.encodeKey(other.getPublic()));

        assertThat(certificates.verify(document).verified()).isFalse();
    }

    @Test
    void canonicalFormSortsKeysAndHasNoWhitespace() {
        ObjectNode document = certificates.sign(certificate(keys), keys);

        String canonical = new String(certificates.canonicalBytes(document.path("certificate")),
                StandardCharsets.UTF_8);

        assertThat(canonical).startsWith("{\"agent_public_key\":").doesNotContain(" \"").doesNotContain("\n")
                .contains("\"media\":{\"capacity_bytes\":1000204886016,\"device\":\"/dev/nvme0n1\"");
    }

    private static EraseCertificate certificate(KeyPair keys) {
        return new EraseCertificate("8c1f0c1e-2b7e-4d0e-9d5f-1f7a1c2b3d4e", "1be26c0b-03f2-4d2e-ae87-c02d7f33c123",
                new EraseCertificate.Media("/dev/nvme0n1", "Samsung", "PM983", "S4EVNF0M", 1_000_204_886_016L,
                        "NVMe SSD"),
                new EraseCertificate.Sanitization("PURGE", "NVMe Sanitize, cryptographic erase",
                        "NVME_SANITIZE_CRYPTO", "nvme sanitize --sanact=4", "ferrum 1.0",
                        List.of("none stronger")),
                new EraseCertificate.Verification("quick sampling (read-back)", "42", 18, 4096,
                        "no sampled block as before the erase", "PASSED", "18 blocks checked"),
                "2026-11-26T22:00:00Z", "2026-11-26T22:01:00Z", "SUCCESS", "ferrum-agent",
                EraseCertificates.encodeKey(keys.getPublic()));
    }
}
