package dev.ferrum.agent.image.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS against a real HTTPS server on loopback with a self-signed certificate made by keytool:
 * rejected by default, trusted through a CA file (host name still checked), accepted when insecure.
 */
class HelidonTlsTest {
    private static final char[] PASSWORD = "changeit".toCharArray();
    @TempDir
    static Path dir;
    private static HttpsServer server;
    private static Path caFile;

    @BeforeAll
    static void start() throws Exception {
        Path keystore = dir.resolve("server.p12");
        caFile = dir.resolve("ca.pem");
        keytool("-genkeypair", "-alias", "server", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=ferrum-test",
                "-ext", "SAN=ip:127.0.0.1", "-validity", "2", "-keystore", keystore.toString(), "-storetype", "PKCS12",
                "-storepass", "changeit", "-keypass", "changeit");
        keytool("-exportcert", "-rfc", "-alias", "server", "-keystore", keystore.toString(), "-storepass", "changeit",
                "-file", caFile.toString());
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = new FileInputStream(keystore.toFile())) {
            ks.load(in, PASSWORD);
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, PASSWORD);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), null, null);
        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(ctx));
        server.createContext("/", ex -> {
            byte[] body = "secure image".getBytes();
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.start();
    }

    @AfterAll
    static void stop() {
        server.stop(0);
    }

    private static void keytool(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as(out).isZero();
    }

    private static URI url(String host) {
        return URI.create("https://" + host + ":" + server.getAddress().getPort() + "/disk.img");
    }

    private static HelidonImageSource source(boolean insecure, Optional<Path> ca) {
        return new HelidonImageSource(new HttpSourceConfig(insecure, ca, Duration.ofSeconds(5), Duration.ofSeconds(5)));
    }

    private static String fetch(ImageSource source, URI url) throws IOException {
        try (SourceResponse r = source.open(url, ByteRange.all())) {
            assertThat(r.status()).isEqualTo(200);
            return new String(r.body().readAllBytes());
        }
    }

    @Test
    void anUnknownCertificateIsRejectedByDefault() {
        assertThatThrownBy(() -> fetch(source(false, Optional.empty()), url("127.0.0.1"))).isInstanceOf(IOException.class);
    }

    @Test
    void aCaFileMakesTheServerTrusted() throws IOException {
        assertThat(fetch(source(false, Optional.of(caFile)), url("127.0.0.1"))).isEqualTo("secure image");
    }

    @Test
    void theHostNameIsStillCheckedWithACaFile() {
        assertThatThrownBy(() -> fetch(source(false, Optional.of(caFile)), url("localhost"))).isInstanceOf(IOException.class);
    }

    @Test
    void insecureAcceptsAnyCertificateAndName() throws IOException {
        assertThat(fetch(source(true, Optional.empty()), url("127.0.0.1"))).isEqualTo("secure image");
        assertThat(fetch(source(true, Optional.empty()), url("localhost"))).isEqualTo("secure image");
    }

    @Test
    void theAgentsSourceTakesHttpsThroughHelidonWithItsTrustSettings() throws IOException {
        HttpSourceConfig withCa = new HttpSourceConfig(false, Optional.of(caFile), Duration.ofSeconds(5), Duration.ofSeconds(5));
        assertThat(fetch(PlainHttpImageSource.withHelidonForTls(withCa), url("127.0.0.1"))).isEqualTo("secure image");
        HttpSourceConfig defaults = new HttpSourceConfig(false, Optional.empty(), Duration.ofSeconds(5), Duration.ofSeconds(5));
        assertThatThrownBy(() -> fetch(PlainHttpImageSource.withHelidonForTls(defaults), url("127.0.0.1")))
                .isInstanceOf(IOException.class);
    }
}
