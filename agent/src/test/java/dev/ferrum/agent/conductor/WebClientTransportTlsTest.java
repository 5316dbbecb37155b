package dev.ferrum.agent.conductor;

import dev.ferrum.testing.TestCertificate;
import dev.ferrum.testing.LoopbackTlsServer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.agent.config.TlsSettings;
import dev.ferrum.protocol.json.WireJson;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
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
    @TempDir
    static Path dir;
    private static LoopbackTlsServer server;
    private static Path caFile;

    @BeforeAll
    static void start() {
        server = LoopbackTlsServer.start(TestCertificate.issue(dir, "conductor"), "/v1/lookup", exchange -> {
            byte[] body = ("{\"query\":\"" + exchange.getRequestURI().getQuery() + "\"}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        caFile = server.caFile();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static URI base(String host) {
        return server.uri(host);
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
