package dev.ferrum.pxe.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.pxe.script.HttpUrl;
import io.helidon.webserver.WebServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/** Kernel and initramfs files over real HTTP: lengths, HEAD, ranges, and no way out of the directory. */
class BootFileServingTest {
    private static final String SECRET = "root:secret-outside-the-boot-directory";

    @TempDir
    Path scratch;
    private byte[] initramfs;
    private WebServer server;
    private final HttpClient client = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws IOException {
        Path files = Files.createDirectories(scratch.resolve("files"));
        initramfs = new byte[3 * 1024 * 1024 + 17];
        new Random(42).nextBytes(initramfs);
        Files.write(files.resolve("agent.initramfs"), initramfs);
        Files.createDirectories(files.resolve("plugins"));
        Files.writeString(files.resolve("plugins/acme.cpio"), "plugin archive");
        Files.writeString(scratch.resolve("secret.txt"), SECRET);
        Files.createSymbolicLink(files.resolve("escape"), scratch.resolve("secret.txt"));
        server = BootServers.start(new BootFileService(
                BootHttpConfig.of(HttpUrl.of("http://10.20.0.1:8080/boot"), files), BootScriptSource.none()));
    }

    @AfterEach
    void stop() {
        server.stop();
        client.close();
    }

    @Test
    void servesWholeFilesWithLengthAndValidators() throws Exception {
        HttpResponse<byte[]> response = send(request("/boot/files/agent.initramfs").GET());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo(initramfs);
        assertThat(response.headers().firstValue("Content-Length")).contains(String.valueOf(initramfs.length));
        assertThat(response.headers().firstValue("Accept-Ranges")).contains("bytes");
        assertThat(response.headers().firstValue("Content-Type")).contains("application/octet-stream");
        assertThat(response.headers().firstValue("Last-Modified")).hasValueSatisfying(
                date -> assertThat(date).matches("[A-Z][a-z]{2}, \\d{2} [A-Z][a-z]{2} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT"));
    }

    @Test
    void servesFilesInSubdirectories() throws Exception {
        HttpResponse<byte[]> response = send(request("/boot/files/plugins/acme.cpio").GET());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("plugin archive");
    }

    @Test
    void headGivesTheLengthWithoutTheBody() throws Exception {
        HttpResponse<byte[]> response = send(request("/boot/files/agent.initramfs").method("HEAD", HttpRequest.BodyPublishers.noBody()));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Length")).contains(String.valueOf(initramfs.length));
        assertThat(response.body()).isEmpty();
    }

    @Test
    void servesOneByteRange() throws Exception {
        HttpResponse<byte[]> response = send(request("/boot/files/agent.initramfs").header("Range", "bytes=1000-1999").GET());

        assertThat(response.statusCode()).isEqualTo(206);
        assertThat(response.headers().firstValue("Content-Range")).contains("bytes 1000-1999/" + initramfs.length);
        assertThat(response.headers().firstValue("Content-Length")).contains("1000");
        assertThat(response.body()).isEqualTo(Arrays.copyOfRange(initramfs, 1000, 2000));
    }

    @Test
    void servesTheTailForASuffixRange() throws Exception {
        HttpResponse<byte[]> response = send(request("/boot/files/agent.initramfs").header("Range", "bytes=-17").GET());

        assertThat(response.statusCode()).isEqualTo(206);
        assertThat(response.body()).isEqualTo(Arrays.copyOfRange(initramfs, initramfs.length - 17, initramfs.length));
    }

    @Test
    void headOfARangeGivesItsLength() throws Exception {
        HttpResponse<byte[]> response = send(request("/boot/files/agent.initramfs").header("Range", "bytes=0-99")
                .method("HEAD", HttpRequest.BodyPublishers.noBody()));

        assertThat(response.statusCode()).isEqualTo(206);
        assertThat(response.headers().firstValue("Content-Length")).contains("100");
        assertThat(response.body()).isEmpty();
    }

    @Test
    void refusesARangeBeyondTheEnd() throws Exception {
        HttpResponse<byte[]> response = send(request("/boot/files/agent.initramfs")
                .header("Range", "bytes=" + initramfs.length + "-").GET());

        assertThat(response.statusCode()).isEqualTo(416);
        assertThat(response.headers().firstValue("Content-Range")).contains("bytes */" + initramfs.length);
    }

    @Test
    void sendsEverythingForSeveralRanges() throws Exception {
        HttpResponse<byte[]> response = send(request("/boot/files/agent.initramfs").header("Range", "bytes=0-9,20-29").GET());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).hasSize(initramfs.length);
    }

    @Test
    void ifRangeDecidesWhetherThePartialCopyIsStillGood() throws Exception {
        String lastModified = send(request("/boot/files/agent.initramfs").method("HEAD", HttpRequest.BodyPublishers.noBody()))
                .headers().firstValue("Last-Modified").orElseThrow();

        HttpResponse<byte[]> fresh = send(request("/boot/files/agent.initramfs")
                .header("Range", "bytes=0-9").header("If-Range", lastModified).GET());
        HttpResponse<byte[]> stale = send(request("/boot/files/agent.initramfs")
                .header("Range", "bytes=0-9").header("If-Range", "Thu, 01 Jan 1970 00:00:00 GMT").GET());

        assertThat(fresh.statusCode()).isEqualTo(206);
        assertThat(stale.statusCode()).isEqualTo(200);
        assertThat(stale.body()).hasSize(initramfs.length);
    }

    @Test
    void missingFilesAreNotFound() throws Exception {
        assertThat(send(request("/boot/files/nothing.img").GET()).statusCode()).isEqualTo(404);
        assertThat(send(request("/boot/files/plugins").GET()).statusCode()).isEqualTo(404);
    }

    /* Sent over a raw socket so no client library tidies the path up before the server sees it. */
    @ParameterizedTest
    @ValueSource(strings = {"/boot/files/../secret.txt", "/boot/files/../../secret.txt", "/boot/files/%2e%2e/secret.txt",
            "/boot/files/%2E%2E%2Fsecret.txt", "/boot/files/..%2fsecret.txt", "/boot/files/plugins/../../secret.txt",
            "/boot/files/plugins/%2e%2e/%2e%2e/secret.txt", "/boot/files/%2fetc%2fpasswd", "/boot/files//etc/passwd",
            "/boot/files/..%5csecret.txt", "/boot/files/escape", "/boot/files/.%2e/secret.txt", "/boot/files/%00",
            "/boot/../secret.txt", "/boot/files/agent.initramfs/../../secret.txt"})
    void nothingOutsideTheDirectoryCanBeFetched(String rawPath) throws IOException {
        String response = rawGet(rawPath);

        assertThat(response).startsWith("HTTP/1.1 404").doesNotContain(SECRET);
    }

    @Test
    void theRawClientDoesReachFiles() throws IOException {
        assertThat(rawGet("/boot/files/plugins/acme.cpio")).startsWith("HTTP/1.1 200").endsWith("plugin archive");
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
    }

    private HttpResponse<byte[]> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private String rawGet(String rawPath) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(5000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + rawPath + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            // Read what arrives within the timeout; the server may keep the connection open.
            InputStream in = socket.getInputStream();
            StringBuilder text = new StringBuilder();
            byte[] buffer = new byte[8192];
            try {
                for (int n; (n = in.read(buffer)) > 0; ) {
                    text.append(new String(buffer, 0, n, StandardCharsets.ISO_8859_1));
                    if (complete(text)) {
                        break;
                    }
                }
            } catch (java.net.SocketTimeoutException e) {
                throw new AssertionError("no complete response to " + rawPath + " within 5 s; got: " + text, e);
            }
            return text.toString();
        }
    }

    private static boolean complete(StringBuilder response) {
        int end = response.indexOf("\r\n\r\n");
        if (end < 0) {
            return false;
        }
        java.util.regex.Matcher length = java.util.regex.Pattern.compile("(?i)content-length: *(\\d+)")
                .matcher(response.substring(0, end));
        return !length.find() || response.length() - end - 4 >= Long.parseLong(length.group(1));
    }
}
