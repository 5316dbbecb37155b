package dev.ferrum.conductor.http;

import io.helidon.common.tls.Tls;
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
 * Trust in the CAs of one PEM bundle instead of the runtime's trust store, with the peer's name still
 * checked. Read when a client is built, so a bad file is reported up front rather than on first use.
 */
public final class PemTrust {

    private PemTrust() {
    }

    /** The certificates in {@code pem}; a missing, unreadable or empty file is a {@link CaFileException}. */
    public static List<X509Certificate> certificates(Path pem) {
        if (!Files.isRegularFile(pem)) {
            throw new CaFileException("The CA file " + pem + " does not exist or is not a file; give the path of a"
                    + " PEM bundle.");
        }
        try (InputStream in = Files.newInputStream(pem)) {
            List<X509Certificate> certificates = new ArrayList<>();
            CertificateFactory.getInstance("X.509").generateCertificates(in)
                    .forEach(c -> certificates.add((X509Certificate) c));
            if (certificates.isEmpty()) {
                throw new CaFileException("The CA file " + pem + " holds no certificates; give a PEM bundle.");
            }
            return certificates;
        } catch (IOException | GeneralSecurityException e) {
            throw new CaFileException("Cannot read the CA file " + pem + ": " + e.getMessage() + "; give a PEM bundle.",
                    e);
        }
    }

    /** TLS settings that trust exactly the CAs in {@code pem}. */
    public static Tls tls(Path pem) {
        return Tls.builder().trust(certificates(pem)).build();
    }
}
