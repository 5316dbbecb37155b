package dev.ferrum.support.tls;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a CA bundle as operators give it to either tier ({@code ipa-cafile}, a node's
 * {@code redfish_verify_ca}, the conductor's agent CA): one or more PEM (or DER) X.509 certificates;
 * {@link #parse} reads the same from text already in memory (an agent's {@code agent_verify_ca}).
 * Helidon's key-store settings would read such a file as PKCS#12 and fail on a PEM bundle. Each
 * caller words its own error for the operator, so a failure says which of two things went wrong.
 */
public final class PemCertificates {
    private PemCertificates() {
    }

    /** The certificates in {@code file}; a {@link PemFileException} when it holds none or cannot be read. */
    public static List<X509Certificate> read(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            List<X509Certificate> certificates = new ArrayList<>();
            CertificateFactory.getInstance("X.509").generateCertificates(in)
                    .forEach(c -> certificates.add((X509Certificate) c));
            if (certificates.isEmpty()) {
                throw new PemFileException(file, PemFileException.Problem.NO_CERTIFICATES, "holds no certificates",
                        null);
            }
            return certificates;
        } catch (IOException | GeneralSecurityException e) {
            throw new PemFileException(file, PemFileException.Problem.UNREADABLE, String.valueOf(e.getMessage()), e);
        }
    }

    /**
     * The certificates in PEM {@code text}, in order; empty for text without any, so each caller decides
     * how many it needs. A {@link PemTextException} when the text is not certificates.
     */
    public static List<X509Certificate> parse(String text) {
        try {
            List<X509Certificate> certificates = new ArrayList<>();
            CertificateFactory.getInstance("X.509")
                    .generateCertificates(new ByteArrayInputStream(text.getBytes(StandardCharsets.US_ASCII)))
                    .forEach(c -> certificates.add((X509Certificate) c));
            return certificates;
        } catch (CertificateException e) {
            throw new PemTextException(String.valueOf(e.getMessage()), e);
        }
    }
}
