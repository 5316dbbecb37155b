package dev.ferrum.agent.conductor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.ferrum.agent.config.TlsSettings;
import dev.ferrum.protocol.json.WireJson;
import java.io.FileInputStream;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent's conductor transport over HTTPS to an IP-literal {@code ipa-api-url}: a loopback server
 * whose self-signed certificate (keytool) names only {@code IP:127.0.0.1}. Trusted through the CA file,
 * it must be accepted at {@code https://127.0.0.1:…}; the certificate must still be checked against the
 * host as written, so the same server is refused at {@code https://localhost:…}.
 */
class WebClientTransportTlsTest {
    private static final char[] PASSWORD = "changeit".toCharArray();
    @TempDir
    static Path dir;
    private static HttpsServer server;
    private static Path caFile;

    @BeforeAll
    static void start() throws Exception {
        Path keystore = dir.resolve("conductor.p12");
        caFile = dir.resolve("ca.pem");
        keytool("-genkeypair", "-alias", "conductor", "-keyalg", "EC", "-groupname", "secp256r1",
                "-dname", "CN=ferrum-conductor-test", "-ext", "SAN=ip:127.0.0.1", "-validity", "2",
                "-keystore", keystore.toString(), "-storetype", "PKCS12", "-storepass", "changeit", "-keypass", "changeit");
        keytool("-exportcert", "-rfc", "-alias", "conductor", "-keystore", keystore.toString(), "-storepass", "changeit",
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
        server.createContext("/v1/lookup", exchange -> {
            byte[] body = ("{\"query\":\"" + exchange.getRequestURI().getQuery() + "\"}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    @AfterAll
    static void stop() {
        server.stop(0);
    }

    private static void keytool(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
    }

    private static URI base(String host) {
        return URI.create("https://" + host + ":" + server.getAddress().getPort());
    }

    private static WebClientTransport trustingTheCa() {
        return new WebClientTransport(new TlsSettings(false, Optional.of(caFile), Optional.empty(), Optional.empty()),
                Duration.ofSeconds(5), WireJson.newMapper());
    }

    @Test
    void anIpLiteralConductorUrlIsCheckedAgainstItsIpSan() {
        ConductorReply reply = trustingTheCa().get(base("127.0.0.1"), "/v1/lookup?addresses=52:54:00:12:34:56", Map.of());
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.body()).contains("addresses=52:54:00:12:34:56");
    }

    @Test
    void theHostAsWrittenIsStillChecked() {
        assertThatThrownBy(() -> trustingTheCa().get(base("localhost"), "/v1/lookup?addresses=x", Map.of()))
                .isInstanceOf(ConductorUnreachableException.class);
    }

    @Test
    void withoutTheCaTheCertificateIsRefused() {
        WebClientTransport defaults = new WebClientTransport(TlsSettings.DEFAULT, Duration.ofSeconds(5),
                WireJson.newMapper());
        assertThatThrownBy(() -> defaults.get(base("127.0.0.1"), "/v1/lookup?addresses=x", Map.of()))
                .isInstanceOf(ConductorUnreachableException.class);
    }
}
