package dev.ferrum.agent.http;

import dev.ferrum.agent.AgentException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a CA bundle as {@code ipa-cafile} gives it: PEM (or DER) X.509 certificates, one or more. Helidon's
 * keystore settings would read the file as a PKCS12 keystore and fail on a PEM bundle.
 */
public final class PemCertificates {
    private PemCertificates() {
    }

    /** The certificates in {@code file}; an {@link AgentException} naming the file when it holds none or is unreadable. */
    public static List<X509Certificate> read(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            List<X509Certificate> certificates = new ArrayList<>();
            CertificateFactory.getInstance("X.509").generateCertificates(in)
                    .forEach(c -> certificates.add((X509Certificate) c));
            if (certificates.isEmpty()) {
                throw new AgentException("CA file " + file + " holds no certificates; give a PEM bundle of the CAs"
                        + " that signed the conductor's certificate.");
            }
            return certificates;
        } catch (IOException | GeneralSecurityException e) {
            throw new AgentException("cannot read CA certificates from " + file + ": " + e.getMessage()
                    + "; give a PEM bundle of the CAs that signed the conductor's certificate.", e);
        }
    }
}
