package dev.ferrum.agent.http;

import dev.ferrum.agent.AgentException;
import dev.ferrum.support.tls.PemFileException;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.List;

/**
 * Reads a CA bundle as {@code ipa-cafile} gives it (PEM or DER X.509 certificates, one or more) through
 * the shared reader, and words a bad file for the operator who set that kernel parameter.
 */
public final class PemCertificates {
    private PemCertificates() {
    }

    /** The certificates in {@code file}; an {@link AgentException} naming the file when it holds none or is unreadable. */
    public static List<X509Certificate> read(Path file) {
        try {
            return dev.ferrum.support.tls.PemCertificates.read(file);
        } catch (PemFileException e) {
            if (e.problem() == PemFileException.Problem.NO_CERTIFICATES) {
                throw new AgentException("CA file " + file + " holds no certificates; give a PEM bundle of the CAs"
                        + " that signed the conductor's certificate.");
            }
            throw new AgentException("cannot read CA certificates from " + file + ": " + e.detail()
                    + "; give a PEM bundle of the CAs that signed the conductor's certificate.", e.getCause());
        }
    }
}
