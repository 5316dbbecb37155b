package dev.ferrum.agent.image.source;

import dev.ferrum.testing.LoopbackTlsServer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.agent.image.ImageWriteException;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS against a real HTTPS server on loopback with a self-signed certificate made by keytool:
 * rejected by default, trusted through a CA file (host name still checked), accepted when insecure.
 */
class HelidonTlsTest {
    @TempDir
    static Path dir;
    private static LoopbackTlsServer server;
    private static Path caFile;

    @BeforeAll
    static void start() {
        server = LoopbackTlsServer.start(dir, "/", ex -> {
            byte[] body = "secure image".getBytes();
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        caFile = server.caFile();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static URI url(String host) {
        return URI.create(server.url(host) + "/disk.img");
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
    void aCaFileWithoutCertificatesIsRefusedWhenTheSourceIsMadeNotAtItsFirstDownload() throws IOException {
        // The client is built at the first download (the agent's start under TCG), the CA file still read at once.
        Path empty = Files.writeString(dir.resolve("empty-ca.pem"), "no certificate here\n");
        assertThatThrownBy(() -> source(false, Optional.of(empty)))
                .isInstanceOfSatisfying(ImageWriteException.class,
                        e -> assertThat(e.reason()).isEqualTo(ImageWriteException.Reason.INVALID_REQUEST))
                .hasMessageContaining("empty-ca.pem");
    }

    @Test
    void theClientBuiltAtTheFirstDownloadServesTheNextOnesWithTheSameTrust() throws IOException {
        HelidonImageSource source = source(false, Optional.of(caFile));
        assertThat(fetch(source, url("127.0.0.1"))).isEqualTo("secure image");
        assertThat(fetch(source, url("127.0.0.1"))).isEqualTo("secure image");
        assertThatThrownBy(() -> fetch(source, url("localhost"))).isInstanceOf(IOException.class);
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
