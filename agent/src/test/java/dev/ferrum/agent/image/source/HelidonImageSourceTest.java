package dev.ferrum.agent.image.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.agent.image.testing.FixtureHttpServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The Helidon transport against a real loopback server: headers sent, URLs kept intact, failures as IOException. */
class HelidonImageSourceTest {
    private final FixtureHttpServer server = new FixtureHttpServer();
    private final HelidonImageSource source = new HelidonImageSource(
            new HttpSourceConfig(false, Optional.empty(), Duration.ofSeconds(5), Duration.ofSeconds(5)));

    HelidonImageSourceTest() throws IOException {
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void signedQueryStringsReachTheServerUntouched() throws IOException {
        server.serve("/v1/AUTH_x/images/disk.img", "data".getBytes());
        String query = "temp_url_sig=ab%2Fcd%3D&temp_url_expires=1700000000&filename=a+b";
        try (SourceResponse r = source.open(server.url("/v1/AUTH_x/images/disk.img?" + query), ByteRange.all())) {
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.body().readAllBytes()).isEqualTo("data".getBytes());
        }
        assertThat(server.requests().get(0).rawQuery()).isEqualTo(query);
    }

    @Test
    void rangesAndIdentityEncodingAreRequested() throws IOException {
        server.serve("/a", "0123456789".getBytes());
        try (SourceResponse r = source.open(server.url("/a"), ByteRange.of(2, 3))) {
            assertThat(r.status()).isEqualTo(206);
            assertThat(r.contentRange()).contains("bytes 2-4/10");
            assertThat(r.etag()).isPresent();
            assertThat(r.body().readAllBytes()).isEqualTo("234".getBytes());
        }
        assertThat(server.requests().get(0).range()).isEqualTo("bytes=2-4");
        assertThat(server.requests().get(0).acceptEncoding()).isEqualTo("identity");
    }

    @Test
    void userinfoBecomesBasicAuthentication() throws IOException {
        server.serve("/a", "x".getBytes());
        URI withUser = URI.create(server.url("/a").toString().replace("http://", "http://glance:s%40cret@"));
        try (SourceResponse r = source.open(withUser, ByteRange.all())) {
            assertThat(r.status()).isEqualTo(200);
        }
        assertThat(server.requests().get(0).authorization())
                .isEqualTo("Basic " + Base64.getEncoder().encodeToString("glance:s@cret".getBytes()));
    }

    @Test
    void aRefusedConnectionIsAnIOException() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        assertThatThrownBy(() -> source.open(URI.create("http://127.0.0.1:" + port + "/a"), ByteRange.all()))
                .isInstanceOf(IOException.class);
    }

    @Test
    void aDroppedBodyIsAnIOException() throws IOException {
        server.serve("/a", new byte[1 << 20]).drop(1, 1000);
        try (SourceResponse r = source.open(server.url("/a"), ByteRange.all())) {
            assertThatThrownBy(() -> r.body().readAllBytes()).isInstanceOf(IOException.class);
        }
    }
}
