package dev.ferrum.conductor.http;

import dev.ferrum.support.tls.PemCertificates;
import dev.ferrum.support.tls.PemFileException;
import io.helidon.common.tls.Tls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.List;

/**
 * Trust in the CAs of one PEM bundle instead of the runtime's trust store, with the peer's name still
 * checked. Read when a client is built, so a bad file is reported up front rather than on first use; the
 * reading itself is the shared {@link PemCertificates}, the wording for the conductor's operator is here.
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
        try {
            return PemCertificates.read(pem);
        } catch (PemFileException e) {
            if (e.problem() == PemFileException.Problem.NO_CERTIFICATES) {
                throw new CaFileException("The CA file " + pem + " holds no certificates; give a PEM bundle.");
            }
            throw new CaFileException("Cannot read the CA file " + pem + ": " + e.detail() + "; give a PEM bundle.",
                    e.getCause());
        }
    }

    /** TLS settings that trust exactly the CAs in {@code pem}. */
    public static Tls tls(Path pem) {
        return Tls.builder().trust(certificates(pem)).build();
    }
}
