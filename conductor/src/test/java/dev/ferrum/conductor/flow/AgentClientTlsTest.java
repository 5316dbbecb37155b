package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.ferrum.conductor.agent.AgentClient;
import dev.ferrum.conductor.agent.AgentClientConfig;
import dev.ferrum.conductor.agent.AgentEndpoint;
import dev.ferrum.conductor.agent.AgentException;
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
import java.util.Optional;
import java.util.UUID;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The conductor's agent client over HTTPS to an IP-literal callback URL: a loopback agent whose
 * self-signed certificate (keytool) names only {@code IP:127.0.0.1}. With that CA trusted it must be
 * reached at {@code https://127.0.0.1:…}; the name is still checked (refused at {@code https://localhost:…})
 * and without the CA the certificate is refused.
 */
class AgentClientTlsTest {
    private static final char[] PASSWORD = "changeit".toCharArray();
    @TempDir
    static Path dir;
    private static HttpsServer agent;
    private static Path caFile;

    @BeforeAll
    static void start() throws Exception {
        Path keystore = dir.resolve("agent.p12");
        caFile = dir.resolve("agent-ca.pem");
        keytool("-genkeypair", "-alias", "agent", "-keyalg", "EC", "-groupname", "secp256r1",
                "-dname", "CN=ferrum-agent-test", "-ext", "SAN=ip:127.0.0.1", "-validity", "2",
                "-keystore", keystore.toString(), "-storetype", "PKCS12", "-storepass", "changeit", "-keypass", "changeit");
        keytool("-exportcert", "-rfc", "-alias", "agent", "-keystore", keystore.toString(), "-storepass", "changeit",
                "-file", caFile.toString());
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = new FileInputStream(keystore.toFile())) {
            ks.load(in, PASSWORD);
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, PASSWORD);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), null, null);
        agent = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        agent.setHttpsConfigurator(new HttpsConfigurator(ctx));
        agent.createContext("/v1/commands/", exchange -> {
            byte[] body = ("{\"commands\":[{\"id\":\"c1\",\"command_name\":\"sync\",\"command_params\":{},"
                    + "\"command_status\":\"SUCCEEDED\",\"command_error\":null,\"command_result\":null}]}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        agent.start();
    }

    @AfterAll
    static void stop() {
        agent.stop(0);
    }

    private static void keytool(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
    }

    private static AgentEndpoint at(String host) {
        return new AgentEndpoint(UUID.randomUUID(), URI.create("https://" + host + ":" + agent.getAddress().getPort()),
                Optional.empty());
    }

    private static AgentClient client(Optional<Path> ca) {
        return new AgentClient(new AgentClientConfig(Duration.ofSeconds(5), Duration.ofSeconds(5), ca));
    }

    @Test
    void anIpLiteralCallbackUrlIsCheckedAgainstTheAgentsIpSan() {
        var commands = client(Optional.of(caFile)).commands(at("127.0.0.1"));
        assertThat(commands.latest()).hasValueSatisfying(c -> assertThat(c.commandName()).isEqualTo("sync"));
    }

    @Test
    void theHostAsWrittenIsStillChecked() {
        assertThatThrownBy(() -> client(Optional.of(caFile)).commands(at("localhost")))
                .isInstanceOf(AgentException.class).hasMessageStartingWith("Connection to agent failed");
    }

    @Test
    void withoutTheCaTheAgentsCertificateIsRefused() {
        assertThatThrownBy(() -> client(Optional.empty()).commands(at("127.0.0.1")))
                .isInstanceOf(AgentException.class).hasMessageStartingWith("Connection to agent failed");
    }

    @Test
    void anAutoTlsAgentsAnnouncedCertificateIsPinnedWithoutAnyCaFile() throws Exception {
        String announced = java.nio.file.Files.readString(caFile);
        AgentEndpoint pinned = new AgentEndpoint(UUID.randomUUID(), URI.create("https://127.0.0.1:"
                + agent.getAddress().getPort()), Optional.empty(), Optional.of(announced));
        var commands = client(Optional.empty()).commands(pinned);
        assertThat(commands.latest()).hasValueSatisfying(c -> assertThat(c.commandName()).isEqualTo("sync"));
    }

    @Test
    void anotherCertificateThanThePinnedOneIsRefused() throws Exception {
        Path other = dir.resolve("other.p12");
        Path otherPem = dir.resolve("other.pem");
        keytool("-genkeypair", "-alias", "other", "-keyalg", "EC", "-groupname", "secp256r1",
                "-dname", "CN=someone-else", "-ext", "SAN=ip:127.0.0.1", "-validity", "2",
                "-keystore", other.toString(), "-storetype", "PKCS12", "-storepass", "changeit", "-keypass", "changeit");
        keytool("-exportcert", "-rfc", "-alias", "other", "-keystore", other.toString(), "-storepass", "changeit",
                "-file", otherPem.toString());
        AgentEndpoint pinnedElsewhere = new AgentEndpoint(UUID.randomUUID(), URI.create("https://127.0.0.1:"
                + agent.getAddress().getPort()), Optional.empty(), Optional.of(java.nio.file.Files.readString(otherPem)));
        // Even a configured CA that would accept the agent does not widen a pinned certificate.
        assertThatThrownBy(() -> client(Optional.of(caFile)).commands(pinnedElsewhere))
                .isInstanceOf(AgentException.class).hasMessageStartingWith("Connection to agent failed");
    }

    @Test
    void aCaFileWithoutCertificatesIsAClearError() throws Exception {
        Path empty = dir.resolve("empty.pem");
        java.nio.file.Files.writeString(empty, "");
        assertThatThrownBy(() -> client(Optional.of(empty))).isInstanceOf(AgentException.class)
                .hasMessageContaining(empty.toString());
    }
}
