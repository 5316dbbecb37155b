package dev.ferrum.conductor.cli;

import dev.ferrum.testing.TestCertificate;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.api.ApiAuth;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code --tls-cert}/{@code --tls-key}: the API, the boot files and the inspection callback answer over HTTPS
 * only, with the configured certificate, and a renewed certificate is served without a restart.
 */
class ConductorTlsTest {
    @TempDir
    Path temp;

    /** A self-signed certificate for IP:127.0.0.1 (keytool) written as PEM chain and PKCS#8 PEM key. */
    private record Issued(Path certificate, Path key, X509Certificate x509) {
    }

    private Issued issue(String name) throws Exception {
        TestCertificate issued = TestCertificate.issue(temp, name);
        Path cert = Files.writeString(temp.resolve(name + ".crt"), issued.certificatePem());
        Path key = Files.writeString(temp.resolve(name + ".key"), issued.privateKeyPem());
        return new Issued(cert, key, issued.certificate());
    }

    private static HttpClient trusting(Certificate... certificates) throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        for (int i = 0; i < certificates.length; i++) {
            trust.setCertificateEntry("ca" + i, certificates[i]);
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, tmf.getTrustManagers(), null);
        return HttpClient.newBuilder().sslContext(tls).connectTimeout(Duration.ofSeconds(5)).build();
    }

    private ConductorSettings settings(Issued issued) {
        return new ConductorSettings("127.0.0.1", 0, URI.create("https://127.0.0.1:6385"), temp.resolve("data"),
                Optional.empty(), new ApiAuth.NoAuth(), temp.resolve("boot"), true, "tls-conductor",
                Duration.ofSeconds(1), Duration.ofSeconds(5)).withTls(new ServerTlsFiles(issued.certificate(), issued.key()));
    }

    @Test
    void theApiBootFilesAndInspectionCallbackAnswerOverHttpsOnly() throws Exception {
        Issued issued = issue("conductor");
        try (ConductorServer server = ConductorServer.start(settings(issued))) {
            String base = "https://127.0.0.1:" + server.port();
            HttpClient client = trusting(issued.x509());

            var root = client.send(HttpRequest.newBuilder(URI.create(base + "/")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(root.statusCode()).isEqualTo(200);
            assertThat(root.sslSession().orElseThrow().getPeerCertificates()[0]).isEqualTo(issued.x509());
            var script = client.send(HttpRequest.newBuilder(URI.create(base + "/boot/default.ipxe")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(script.body()).startsWith("#!ipxe");
            var inspection = client.send(HttpRequest.newBuilder(URI.create(base + "/v1/continue"))
                    .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(inspection.statusCode()).as(inspection.body()).isEqualTo(400);

            // Plain HTTP on the same port gets no API, and a client that does not trust the certificate gets nothing.
            assertThatThrownBy(() -> HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                    "http://127.0.0.1:" + server.port() + "/v1")).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.ofString())).isInstanceOf(IOException.class);
            assertThatThrownBy(() -> HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(base + "/v1"))
                    .build(), HttpResponse.BodyHandlers.ofString())).isInstanceOf(IOException.class);
        }
    }

    @Test
    void aPlainBootPortServesBootFirmwareTheFilesAndNothingElse() throws Exception {
        Issued issued = issue("conductor");
        int bootPort;
        try (var probe = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            bootPort = probe.getLocalPort();
        }
        Files.createDirectories(temp.resolve("boot"));
        Files.writeString(temp.resolve("boot").resolve("agent.kernel"), "kernel bytes");
        try (ConductorServer server = ConductorServer.start(settings(issued).withPlainBootPort(bootPort))) {
            String plain = "http://127.0.0.1:" + bootPort;
            HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

            var script = client.send(HttpRequest.newBuilder(URI.create(plain + "/boot/default.ipxe")).build(),
                    HttpResponse.BodyHandlers.ofString());
            var kernel = client.send(HttpRequest.newBuilder(URI.create(plain + "/boot/files/agent.kernel")).build(),
                    HttpResponse.BodyHandlers.ofString());
            var api = client.send(HttpRequest.newBuilder(URI.create(plain + "/v1/nodes")).build(),
                    HttpResponse.BodyHandlers.ofString());
            var inspection = client.send(HttpRequest.newBuilder(URI.create(plain + "/v1/continue"))
                    .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());

            assertThat(script.statusCode()).isEqualTo(200);
            assertThat(script.body()).startsWith("#!ipxe").as("firmware is sent on to the plain port")
                    .contains(plain + "/boot/").doesNotContain("https://");
            assertThat(kernel.body()).isEqualTo("kernel bytes");
            assertThat(api.statusCode()).as("no API on the plain port").isEqualTo(404);
            assertThat(inspection.statusCode()).as("no inspection callback on the plain port").isEqualTo(404);
            var overHttps = trusting(issued.x509()).send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:"
                    + server.port() + "/v1")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(overHttps.statusCode()).isEqualTo(200);
        }
    }

    @Test
    void theBootHttpPortFlagNeedsTlsAndItsOwnPort() throws Exception {
        Issued issued = issue("conductor");
        assertThat(refused("--noauth", "--boot-http-port", "8080"))
                .contains("--boot-http-port goes with --tls-cert/--tls-key");
        assertThat(refused("--noauth", "--port", "6385", "--boot-http-port", "6385", "--tls-cert",
                issued.certificate().toString(), "--tls-key", issued.key().toString()))
                .contains("--boot-http-port must be a port from 1 to 65535 other than --port");
    }

    @Test
    void aRenewedCertificateIsServedWithoutARestartAndABrokenOneIsNot() throws Exception {
        Issued first = issue("first");
        try (ConductorServer server = ConductorServer.start(settings(first))) {
            String base = "https://127.0.0.1:" + server.port();
            Issued renewed = issue("renewed");
            HttpClient client = trusting(first.x509(), renewed.x509());

            // A half-written renewal (the key of another certificate) is not taken: the old one stays.
            Files.copy(renewed.certificate(), first.certificate(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            awaitPeer(client, base, first.x509(), Duration.ofSeconds(7));
            Files.copy(renewed.key(), first.key(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);

            awaitPeer(client, base, renewed.x509(), Duration.ofSeconds(20));
        }
    }

    /** Waits until a new connection is served {@code expected}; fails with the last one seen. */
    private static void awaitPeer(HttpClient client, String base, X509Certificate expected, Duration budget)
            throws Exception {
        long deadline = System.nanoTime() + budget.toNanos();
        Certificate seen = null;
        while (System.nanoTime() < deadline) {
            // A fresh client connection each time: a reloaded certificate applies to new handshakes.
            var reply = HttpClient.newBuilder().sslContext(client.sslContext()).build()
                    .send(HttpRequest.newBuilder(URI.create(base + "/")).build(), HttpResponse.BodyHandlers.ofString());
            seen = reply.sslSession().orElseThrow().getPeerCertificates()[0];
            if (seen.equals(expected)) {
                return;
            }
            Thread.sleep(250);
        }
        assertThat(seen).as("the certificate served").isEqualTo(expected);
    }

    @Test
    void theFlagsGoTogetherAndBadFilesStopTheStart() throws Exception {
        Issued issued = issue("flags");
        assertThat(refused("--noauth", "--tls-cert", issued.certificate().toString()))
                .contains("--tls-cert and --tls-key go together");
        Path missing = temp.resolve("missing.key");
        assertThat(refused("--noauth", "--tls-cert", issued.certificate().toString(), "--tls-key", missing.toString()))
                .contains("--tls-key").contains("does not exist");
        Path garbage = Files.writeString(temp.resolve("garbage.key"), "not a key\n");
        assertThat(refused("--noauth", "--tls-cert", issued.certificate().toString(), "--tls-key", garbage.toString()))
                .contains(garbage.toString());
    }

    private static String refused(String... args) {
        StringWriter err = new StringWriter();
        CommandLine command = new CommandLine(new ConductorCommand().spec()).setErr(new PrintWriter(err));
        assertThat(command.execute(args)).as(String.join(" ", args)).isEqualTo(2);
        return err.toString();
    }
}
