package dev.ferrum.conductor.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * An HTTPS server on loopback whose self-signed certificate (made with keytool) names only
 * {@code IP:127.0.0.1}, and that certificate as a PEM CA file: what a BMC or service reached by IP
 * literal presents. Close it to stop the server.
 */
public final class LoopbackTlsServer implements AutoCloseable {
    private static final String PASSWORD = "changeit";

    private final HttpsServer server;
    private final Path caFile;

    private LoopbackTlsServer(HttpsServer server, Path caFile) {
        this.server = server;
        this.caFile = caFile;
    }

    /** Starts a server answering {@code path} (and below) with {@code handler}; key material goes to {@code dir}. */
    public static LoopbackTlsServer start(Path dir, String path, HttpHandler handler) {
        try {
            Path keystore = dir.resolve("server.p12");
            Path ca = dir.resolve("server-ca.pem");
            keytool("-genkeypair", "-alias", "server", "-keyalg", "EC", "-groupname", "secp256r1",
                    "-dname", "CN=ferrum-tls-test", "-ext", "SAN=ip:127.0.0.1", "-validity", "2",
                    "-keystore", keystore.toString(), "-storetype", "PKCS12", "-storepass", PASSWORD,
                    "-keypass", PASSWORD);
            keytool("-exportcert", "-rfc", "-alias", "server", "-keystore", keystore.toString(), "-storepass", PASSWORD,
                    "-file", ca.toString());
            KeyStore ks = KeyStore.getInstance("PKCS12");
            try (InputStream in = new FileInputStream(keystore.toFile())) {
                ks.load(in, PASSWORD.toCharArray());
            }
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(ks, PASSWORD.toCharArray());
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(kmf.getKeyManagers(), null, null);
            HttpsServer server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.setHttpsConfigurator(new HttpsConfigurator(ctx));
            server.createContext(path, handler);
            server.start();
            return new LoopbackTlsServer(server, ca);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot set up the test server's TLS", e);
        }
    }

    /** The certificate to trust, as a PEM file. */
    public Path caFile() {
        return caFile;
    }

    /** {@code https://<host>:<port>}, e.g. host {@code 127.0.0.1} (matches) or {@code localhost} (does not). */
    public String url(String host) {
        return "https://" + host + ":" + server.getAddress().getPort();
    }

    private static void keytool(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool")
                .toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            assertThat(p.waitFor()).as(out).isZero();
        } catch (InterruptedException e) {
            p.destroy();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running keytool", e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
