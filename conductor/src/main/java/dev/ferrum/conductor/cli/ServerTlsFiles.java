package dev.ferrum.conductor.cli;

import io.helidon.common.configurable.Resource;
import io.helidon.common.pki.Keys;
import io.helidon.common.tls.Tls;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Objects;

/**
 * The conductor's own HTTPS identity: a PEM certificate chain (leaf first) and its PEM private key
 * ({@code --tls-cert}, {@code --tls-key}). Read when the server starts and again whenever either file changes,
 * so a renewed certificate (certbot, cert-manager, a site CA's rotation) is served without a restart.
 */
public record ServerTlsFiles(Path certificateChain, Path privateKey) {

    public ServerTlsFiles {
        Objects.requireNonNull(certificateChain, "certificateChain");
        Objects.requireNonNull(privateKey, "privateKey");
    }

    /** The TLS settings these files describe; a missing or unusable file is a {@link ConductorStartException}. */
    public Tls load() {
        requireReadable(certificateChain, "--tls-cert");
        requireReadable(privateKey, "--tls-key");
        Keys keys;
        try {
            keys = Keys.builder().pem(pem -> pem.key(Resource.create(privateKey))
                    .certChain(Resource.create(certificateChain))).build();
        } catch (RuntimeException e) {
            throw new ConductorStartException("cannot read the TLS certificate " + certificateChain + " or key "
                    + privateKey + ": " + e.getMessage() + "; give a PEM certificate chain and its PEM private key");
        }
        List<X509Certificate> chain = keys.certChain();
        if (chain.isEmpty() || keys.privateKey().isEmpty()) {
            throw new ConductorStartException("--tls-cert " + certificateChain + " must hold a PEM certificate and"
                    + " --tls-key " + privateKey + " its PEM private key");
        }
        if (!belongTogether(keys.privateKey().get(), chain.getFirst())) {
            throw new ConductorStartException("the key in " + privateKey + " does not belong to the certificate in "
                    + certificateChain + " (a renewal caught half-written, or the wrong pair)");
        }
        return Tls.builder().privateKey(keys.privateKey().get()).privateKeyCertChain(chain).build();
    }

    /** Whether a signature made with {@code key} verifies with the certificate's public key. */
    private static boolean belongTogether(PrivateKey key, X509Certificate certificate) {
        String algorithm = switch (key.getAlgorithm()) {
            case "EC" -> "SHA256withECDSA";
            case "RSA" -> "SHA256withRSA";
            case "Ed25519", "EdDSA" -> "Ed25519";
            default -> null;
        };
        if (algorithm == null || !key.getAlgorithm().equals(certificate.getPublicKey().getAlgorithm())) {
            return algorithm == null;
        }
        try {
            byte[] probe = "ferrum-tls-key-check".getBytes(StandardCharsets.US_ASCII);
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(probe);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(certificate.getPublicKey());
            verifier.update(probe);
            return verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    /** A value that changes whenever either file is replaced or rewritten. */
    public String version() {
        return modified(certificateChain) + "|" + modified(privateKey);
    }

    private static String modified(Path file) {
        try {
            FileTime time = Files.getLastModifiedTime(file);
            return time.toMillis() + ":" + Files.size(file);
        } catch (IOException e) {
            return "unreadable";
        }
    }

    private static void requireReadable(Path file, String flag) {
        if (!Files.isReadable(file)) {
            throw new ConductorStartException(flag + " " + file + " does not exist or cannot be read");
        }
    }
}
