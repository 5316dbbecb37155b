package dev.ferrum.conductor.flow;

import dev.ferrum.testing.TestCertificate;
import dev.ferrum.testing.LoopbackTlsServer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.agent.AgentClient;
import dev.ferrum.conductor.agent.AgentClientConfig;
import dev.ferrum.conductor.agent.AgentEndpoint;
import dev.ferrum.conductor.agent.AgentException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
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
    @TempDir
    static Path dir;
    private static LoopbackTlsServer agent;
    private static Path caFile;

    @BeforeAll
    static void start() {
        agent = LoopbackTlsServer.start(TestCertificate.issue(dir, "agent"), "/v1/commands/", exchange -> {
            byte[] body = ("{\"commands\":[{\"id\":\"c1\",\"command_name\":\"sync\",\"command_params\":{},"
                    + "\"command_status\":\"SUCCEEDED\",\"command_error\":null,\"command_result\":null}]}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        caFile = agent.caFile();
    }

    @AfterAll
    static void stop() {
        agent.close();
    }

    private static AgentEndpoint at(String host) {
        return new AgentEndpoint(UUID.randomUUID(), agent.uri(host),
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
        AgentEndpoint pinned = new AgentEndpoint(UUID.randomUUID(), agent.uri("127.0.0.1"), Optional.empty(), Optional.of(announced));
        var commands = client(Optional.empty()).commands(pinned);
        assertThat(commands.latest()).hasValueSatisfying(c -> assertThat(c.commandName()).isEqualTo("sync"));
    }

    @Test
    void anotherCertificateThanThePinnedOneIsRefused() throws Exception {
        Path otherPem = TestCertificate.issue(dir, "someone-else").pemFile();
        AgentEndpoint pinnedElsewhere = new AgentEndpoint(UUID.randomUUID(), agent.uri("127.0.0.1"), Optional.empty(), Optional.of(java.nio.file.Files.readString(otherPem)));
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
