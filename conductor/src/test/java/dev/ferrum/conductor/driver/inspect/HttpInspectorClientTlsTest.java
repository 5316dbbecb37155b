package dev.ferrum.conductor.driver.inspect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.testing.LoopbackTlsServer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The inspector client over HTTPS to an IP-literal service URL whose certificate names only
 * {@code IP:127.0.0.1}: trusted through the configured CA file, with the host name still checked.
 */
class HttpInspectorClientTlsTest {
    @TempDir
    static Path dir;
    private static LoopbackTlsServer inspector;

    @BeforeAll
    static void start() {
        inspector = LoopbackTlsServer.start(dir, "/v1/introspection/", exchange -> {
            byte[] body = "{\"finished\": true, \"error\": null}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
    }

    @AfterAll
    static void stop() {
        inspector.close();
    }

    private static HttpInspectorClient client(String host, boolean withCa) {
        InspectorConfig config = InspectorConfig.of(URI.create(inspector.url(host)));
        return new HttpInspectorClient(withCa ? config.withCaFile(inspector.caFile()) : config);
    }

    @Test
    void anIpLiteralServiceUrlIsCheckedAgainstTheCertificatesIpSan() {
        assertThat(client("127.0.0.1", true).status(UUID.randomUUID()).outcome())
                .isEqualTo(IntrospectionStatus.Outcome.SUCCEEDED);
    }

    @Test
    void theHostAsWrittenIsStillChecked() {
        assertThatThrownBy(() -> client("localhost", true).status(UUID.randomUUID()))
                .isInstanceOf(DriverException.class).hasMessageContaining("cannot reach the inspector");
    }

    @Test
    void withoutTheCaTheCertificateIsRefused() {
        assertThatThrownBy(() -> client("127.0.0.1", false).status(UUID.randomUUID()))
                .isInstanceOf(DriverException.class).hasMessageContaining("cannot reach the inspector");
    }
}
