package dev.ferrum.hardware.generic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.protocol.erase.EraseCertificates;
import java.security.KeyPair;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The signing key is made at the first erase, not when the agent starts, and only once per issuer. */
class EraseCertificateIssuerTest {
    @Test
    void theKeyIsMadeAtFirstUseOnceAndKeptForEveryLaterUse() {
        AtomicInteger made = new AtomicInteger();
        EraseCertificateIssuer issuer = new EraseCertificateIssuer(() -> {
            made.incrementAndGet();
            return EraseCertificates.newKeyPair();
        }, "ferrum-agent test");
        assertThat(made).hasValue(0);

        String first = issuer.publicKey();
        assertThat(issuer.publicKey()).isEqualTo(first);
        assertThat(issuer.issue("node", List.of(), List.of())).isEmpty();
        assertThat(made).hasValue(1);
    }

    @Test
    void theKeyGivenIsTheKeyNamed() {
        KeyPair keys = EraseCertificates.newKeyPair();
        assertThat(new EraseCertificateIssuer(() -> keys, "ferrum-agent test").publicKey())
                .isEqualTo(EraseCertificates.encodeKey(keys.getPublic()));
    }
}
