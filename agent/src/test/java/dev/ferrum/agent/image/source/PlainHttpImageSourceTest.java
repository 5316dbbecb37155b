package dev.ferrum.agent.image.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.agent.image.testing.Fixtures;
import dev.ferrum.agent.image.testing.FixtureHttpServer;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The socket HTTP/1.1 reader against real loopback servers: the JDK's HttpServer for ordinary
 * responses (Content-Length, Range, resume after a cut), a scripted server for exact wire framing
 * (chunked coding, close-delimited bodies, cuts, stalls, redirects, malformed heads).
 */
class PlainHttpImageSourceTest {
    private static final HttpSourceConfig CONFIG = new HttpSourceConfig(false, Optional.empty(), Duration.ofSeconds(5),
            Duration.ofSeconds(5));
    private final FixtureHttpServer fixture = new FixtureHttpServer();
    private final ScriptedHttpServer scripted = new ScriptedHttpServer();
    private final List<URI> sentToTls = new ArrayList<>();
    private final ImageSource tls = (uri, range) -> {
        sentToTls.add(uri);
        return new SourceResponse(200, java.util.OptionalLong.of(3), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), new java.io.ByteArrayInputStream("tls".getBytes()));
    };
    private final PlainHttpImageSource source = new PlainHttpImageSource(CONFIG, tls);

    PlainHttpImageSourceTest() throws IOException {
    }

    @AfterEach
    void stop() {
        fixture.close();
        scripted.close();
    }

    @Test
    void aContentLengthBodyArrivesWhole() throws IOException {
        byte[] image = Fixtures.disk(3_000_000, 5);
        fixture.serve("/disk.img", image);
        try (SourceResponse r = source.open(fixture.url("/disk.img"), ByteRange.all())) {
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.contentLength()).hasValue(image.length);
            assertThat(r.etag()).isPresent();
            assertThat(r.lastModified()).contains("Sat, 01 Nov 2025 10:00:00 GMT");
            assertThat(r.mayAcceptRanges()).isTrue();
            assertThat(readInOddPieces(r.body())).isEqualTo(image);
        }
    }

    @Test
    void rangesIdentityEncodingAndQueryStringsAreSentAsWritten() throws IOException {
        fixture.serve("/v1/AUTH_x/disk.img", "0123456789".getBytes());
        String query = "temp_url_sig=ab%2Fcd%3D&temp_url_expires=1700000000&filename=a+b";
        try (SourceResponse r = source.open(fixture.url("/v1/AUTH_x/disk.img?" + query), ByteRange.of(2, 3))) {
            assertThat(r.status()).isEqualTo(206);
            assertThat(r.contentRange()).contains("bytes 2-4/10");
            assertThat(r.body().readAllBytes()).isEqualTo("234".getBytes());
        }
        FixtureHttpServer.Request sent = fixture.requests().get(0);
        assertThat(sent.rawQuery()).isEqualTo(query);
        assertThat(sent.range()).isEqualTo("bytes=2-4");
        assertThat(sent.acceptEncoding()).isEqualTo("identity");
    }

    @Test
    void userinfoBecomesBasicAuthentication() throws IOException {
        fixture.serve("/a", "x".getBytes());
        URI withUser = URI.create(fixture.url("/a").toString().replace("http://", "http://glance:s%40cret@"));
        try (SourceResponse r = source.open(withUser, ByteRange.all())) {
            assertThat(r.body().readAllBytes()).isEqualTo("x".getBytes());
        }
        assertThat(fixture.requests().get(0).authorization())
                .isEqualTo("Basic " + Base64.getEncoder().encodeToString("glance:s@cret".getBytes()));
    }

    @Test
    void aBodyCutShortOfItsContentLengthIsAnEofNotAShortRead() throws IOException {
        fixture.serve("/a", new byte[1 << 20]).drop(1, 100_000);
        try (SourceResponse r = source.open(fixture.url("/a"), ByteRange.all())) {
            assertThatThrownBy(() -> r.body().readAllBytes()).isInstanceOf(EOFException.class)
                    .hasMessageContaining("short of its Content-Length");
        }
    }

    @Test
    void aCutDownloadResumesWithARangeRequestAndDeliversEveryByteOnce() throws IOException {
        byte[] image = Fixtures.disk(2_000_000, 9);
        fixture.serve("/disk.img", image).drop(2, 300_000);
        RetryPolicy retry = new RetryPolicy(3, Duration.ofMillis(1), Duration.ofMillis(1));
        try (ResumableStream in = ResumableStream.open(source, fixture.url("/disk.img"), ByteRange.all(), Optional.empty(),
                retry, d -> { }, ResumableStream.Listener.none())) {
            assertThat(in.readAllBytes()).isEqualTo(image);
            assertThat(in.retries()).isEqualTo(2);
        }
        assertThat(fixture.requests()).extracting(FixtureHttpServer.Request::range)
                .containsExactly(null, "bytes=300000-", "bytes=600000-");
    }

    @Test
    void aChunkedBodyIsDecodedAcrossChunkExtensionsAndTrailers() throws IOException {
        byte[] image = Fixtures.disk(700_000, 3);
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        int[] sizes = {1, 4095, 65_536, 200_000, 17};
        int done = 0;
        for (int i = 0; done < image.length; i++) {
            int n = Math.min(sizes[i % sizes.length], image.length - done);
            wire.writeBytes((Integer.toHexString(n) + (i % 2 == 0 ? ";ext=x" : "") + "\r\n").getBytes(StandardCharsets.US_ASCII));
            wire.write(image, done, n);
            wire.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
            done += n;
        }
        wire.writeBytes("0\r\nX-Trailer: y\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        scripted.reply("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nETag: \"v1\"\r\n\r\n", wire.toByteArray());
        try (SourceResponse r = source.open(scripted.url("/disk.img"), ByteRange.all())) {
            assertThat(r.contentLength()).isEmpty();
            assertThat(r.etag()).contains("\"v1\"");
            assertThat(readInOddPieces(r.body())).isEqualTo(image);
            assertThat(r.body().read()).isEqualTo(-1);
        }
        assertThat(scripted.requests().get(0)).startsWith("GET /disk.img HTTP/1.1\r\n").contains("Connection: close\r\n");
    }

    @Test
    void aChunkedBodyCutInsideAChunkIsAnEof() throws IOException {
        scripted.reply("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", "10\r\n0123456789".getBytes());
        try (SourceResponse r = source.open(scripted.url("/a"), ByteRange.all())) {
            assertThatThrownBy(() -> r.body().readAllBytes()).isInstanceOf(EOFException.class);
        }
    }

    @Test
    void aChunkedBodyCutBeforeItsLastChunkIsAnEof() throws IOException {
        scripted.reply("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", "4\r\nabcd\r\n".getBytes());
        try (SourceResponse r = source.open(scripted.url("/a"), ByteRange.all())) {
            assertThatThrownBy(() -> r.body().readAllBytes()).isInstanceOf(EOFException.class);
        }
    }

    @Test
    void aMalformedChunkSizeIsAnIOException() throws IOException {
        scripted.reply("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", "zz\r\nabcd\r\n0\r\n\r\n".getBytes());
        try (SourceResponse r = source.open(scripted.url("/a"), ByteRange.all())) {
            assertThatThrownBy(() -> r.body().readAllBytes()).isInstanceOf(IOException.class)
                    .hasMessageContaining("bad chunk size");
        }
    }

    @Test
    void aBodyWithoutLengthRunsToTheConnectionsEnd() throws IOException {
        byte[] image = Fixtures.disk(100_000, 4);
        scripted.reply("HTTP/1.1 200 OK\r\n\r\n", image);
        try (SourceResponse r = source.open(scripted.url("/a"), ByteRange.all())) {
            assertThat(r.contentLength()).isEmpty();
            assertThat(r.body().readAllBytes()).isEqualTo(image);
        }
    }

    @Test
    void errorStatusesAreResponsesForTheCallerToJudge() throws IOException {
        scripted.reply("HTTP/1.1 503 Busy\r\nContent-Length: 4\r\n\r\n", "busy".getBytes());
        try (SourceResponse r = source.open(scripted.url("/a"), ByteRange.all())) {
            assertThat(r.status()).isEqualTo(503);
        }
    }

    @Test
    void interimResponsesAreSkipped() throws IOException {
        scripted.reply("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n", "ok".getBytes());
        try (SourceResponse r = source.open(scripted.url("/a"), ByteRange.all())) {
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.body().readAllBytes()).isEqualTo("ok".getBytes());
        }
    }

    @Test
    void redirectsAreFollowedAndCredentialsStayWithTheirOrigin() throws IOException {
        fixture.serve("/real.img", "image".getBytes());
        scripted.reply("HTTP/1.1 302 Found\r\nLocation: /moved\r\nContent-Length: 0\r\n\r\n", new byte[0])
                .reply("HTTP/1.1 301 Moved\r\nLocation: " + fixture.url("/real.img") + "\r\nContent-Length: 0\r\n\r\n", new byte[0]);
        URI withUser = URI.create(scripted.url("/start").toString().replace("http://", "http://u:p@"));
        try (SourceResponse r = source.open(withUser, ByteRange.of(1, 3))) {
            assertThat(r.status()).isEqualTo(206);
            assertThat(r.body().readAllBytes()).isEqualTo("mag".getBytes());
        }
        List<String> sent = scripted.requests();
        assertThat(sent.get(0)).startsWith("GET /start ").contains("Authorization: Basic ");
        assertThat(sent.get(1)).startsWith("GET /moved ").contains("Authorization: Basic ").contains("Range: bytes=1-3");
        // Another port is another origin: the credentials are not sent there.
        assertThat(fixture.requests().get(0).authorization()).isNull();
        assertThat(fixture.requests().get(0).range()).isEqualTo("bytes=1-3");
    }

    @Test
    void endlessRedirectsEndWithAnIOException() throws IOException {
        for (int i = 0; i <= PlainHttpImageSource.MAX_REDIRECTS; i++) {
            scripted.reply("HTTP/1.1 307 Again\r\nLocation: /loop\r\nContent-Length: 0\r\n\r\n", new byte[0]);
        }
        assertThatThrownBy(() -> source.open(scripted.url("/loop"), ByteRange.all())).isInstanceOf(IOException.class)
                .hasMessageContaining("redirects");
    }

    @Test
    void httpsAndRedirectsToHttpsGoToTheTlsSource() throws IOException {
        URI secure = URI.create("https://images.example/disk.img");
        try (SourceResponse r = source.open(secure, ByteRange.all())) {
            assertThat(r.body().readAllBytes()).isEqualTo("tls".getBytes());
        }
        scripted.reply("HTTP/1.1 302 Found\r\nLocation: https://images.example/other.img\r\n\r\n", new byte[0]);
        try (SourceResponse r = source.open(scripted.url("/a"), ByteRange.all())) {
            assertThat(r.body().readAllBytes()).isEqualTo("tls".getBytes());
        }
        assertThat(sentToTls).containsExactly(secure, URI.create("https://images.example/other.img"));
    }

    @Test
    void aStalledBodyTimesOutAsAnIOException() throws IOException {
        PlainHttpImageSource impatient = new PlainHttpImageSource(new HttpSourceConfig(false, Optional.empty(),
                Duration.ofSeconds(5), Duration.ofMillis(200)), tls);
        scripted.reply(out -> {
            out.write("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            try {
                Thread.sleep(1500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try (SourceResponse r = impatient.open(scripted.url("/a"), ByteRange.all())) {
            assertThatThrownBy(() -> r.body().readAllBytes()).isInstanceOf(SocketTimeoutException.class);
        }
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
    void aResponseThatIsNotHttpIsAnIOException() {
        scripted.reply("SSH-2.0-OpenSSH_9.2\r\n\r\n", new byte[0]);
        assertThatThrownBy(() -> source.open(scripted.url("/a"), ByteRange.all())).isInstanceOf(IOException.class)
                .hasMessageContaining("not an HTTP/1.x response");
    }

    @Test
    void anUnsupportedTransferCodingIsAnIOException() {
        scripted.reply("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", new byte[0]);
        assertThatThrownBy(() -> source.open(scripted.url("/a"), ByteRange.all())).isInstanceOf(IOException.class)
                .hasMessageContaining("Transfer-Encoding");
    }

    /** Reads with varying lengths, so reads cross chunk and buffer boundaries at many offsets. */
    private static byte[] readInOddPieces(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int[] lengths = {1, 7, 4096, 100_000, 3, 65_537};
        byte[] buffer = new byte[100_000];
        for (int i = 0; ; i++) {
            int n = in.read(buffer, 0, lengths[i % lengths.length]);
            if (n < 0) {
                return out.toByteArray();
            }
            out.write(buffer, 0, n);
        }
    }
}
