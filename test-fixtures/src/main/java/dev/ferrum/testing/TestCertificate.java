package dev.ferrum.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * A self-signed EC certificate that names only {@code IP:127.0.0.1}, made with the JDK's keytool
 * (so tests need no crypto library): the PKCS#12 key store, the certificate as a PEM file to trust,
 * and both halves in memory. Tests of TLS against a loopback peer share it instead of each running
 * keytool by hand.
 */
public record TestCertificate(Path keyStore, Path pemFile, X509Certificate certificate, PrivateKey privateKey) {
    /** The password of {@link #keyStore()} and its key entry. */
    public static final String PASSWORD = "changeit";

    /** Issues a certificate with alias and CN {@code name}; files go to {@code dir} as {@code <name>.p12} and {@code <name>.pem}. */
    public static TestCertificate issue(Path dir, String name) {
        Path store = dir.resolve(name + ".p12");
        Path pem = dir.resolve(name + ".pem");
        keytool("-genkeypair", "-alias", name, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=" + name,
                "-ext", "SAN=ip:127.0.0.1", "-validity", "2", "-keystore", store.toString(), "-storetype", "PKCS12",
                "-storepass", PASSWORD, "-keypass", PASSWORD);
        keytool("-exportcert", "-rfc", "-alias", name, "-keystore", store.toString(), "-storepass", PASSWORD,
                "-file", pem.toString());
        try (InputStream in = Files.newInputStream(store)) {
            KeyStore keys = KeyStore.getInstance("PKCS12");
            keys.load(in, PASSWORD.toCharArray());
            return new TestCertificate(store, pem, (X509Certificate) keys.getCertificate(name),
                    (PrivateKey) keys.getKey(name, PASSWORD.toCharArray()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot read the key store keytool wrote", e);
        }
    }

    /** The certificate in PEM, as a CA file or a pinned certificate holds it. */
    public String certificatePem() {
        try {
            return pem("CERTIFICATE", certificate.getEncoded());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The private key as PKCS#8 PEM ({@code BEGIN PRIVATE KEY}), what a server's key file holds. */
    public String privateKeyPem() {
        return pem("PRIVATE KEY", privateKey.getEncoded());
    }

    /** A server-side TLS context presenting this certificate. */
    public SSLContext serverContext() {
        try (InputStream in = Files.newInputStream(keyStore)) {
            KeyStore keys = KeyStore.getInstance("PKCS12");
            keys.load(in, PASSWORD.toCharArray());
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keys, PASSWORD.toCharArray());
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(kmf.getKeyManagers(), null, null);
            return context;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot set up the test server's TLS", e);
        }
    }

    private static String pem(String type, byte[] der) {
        var mime = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII));
        return "-----BEGIN " + type + "-----\n" + mime.encodeToString(der) + "\n-----END " + type + "-----\n";
    }

    private static void keytool(String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool")
                .toString()));
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                throw new IllegalStateException("keytool failed: " + out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running keytool", e);
        }
    }
}
