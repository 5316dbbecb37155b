package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A stock ironic-python-agent with {@code ipa-enable-auto-tls} under Ferrum's conductor: the agent makes a
 * self-signed certificate at start (IPA's shape, as in wire-ipa-deploy-mm-direct-tls.json: EC P-256,
 * {@code CN=vm}, the callback address as an IP SAN), serves its API over HTTPS with it and sends it in every
 * heartbeat as {@code agent_verify_ca}. The conductor has no CA configured for agents: it must trust exactly
 * the pinned certificate, so a deploy runs over HTTPS, and an impostor at the callback address with another
 * certificate gets nothing.
 */
class StockAgentAutoTlsTest {
    private static final String MAC = "02:fc:00:00:00:01";
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;
    private final List<FakeAgent> agents = new ArrayList<>();

    @AfterEach
    void stop() {
        agents.forEach(FakeAgent::close);
    }

    @Test
    void theConductorDeploysOverHttpsTrustingOnlyTheCertificateTheAgentSent() throws Exception {
        AgentCertificate certificate = AgentCertificate.make(flow.temp().resolve("genuine"));
        FakeAgent agent = started(Optional.of(certificate.context()));
        UUID node = waitingForCallback();

        Node deployed = conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE,
                ",\"agent_verify_ca\":" + conductor.json.writeValueAsString(certificate.pem()));

        assertThat(agent.url()).startsWith("https://127.0.0.1:");
        assertThat(agent.receivedNames()).containsSubsequence("deploy.get_deploy_steps", "deploy.execute_deploy_step",
                "standby.get_partition_uuids");
        assertThat(deployed.lastError()).isEmpty();
    }

    @Test
    void anImpostorWithAnotherCertificateAtTheCallbackAddressGetsNoCommand() throws Exception {
        AgentCertificate pinned = AgentCertificate.make(flow.temp().resolve("genuine"));
        AgentCertificate other = AgentCertificate.make(flow.temp().resolve("impostor"));
        FakeAgent impostor = started(Optional.of(other.context()));
        UUID node = waitingForCallback();
        String token = conductor.expect(200, conductor.get("/v1/lookup?addresses=" + MAC, "1.68"))
                .body().path("config").path("agent_token").asText();
        impostor.token(token);

        conductor.expect(202, conductor.post("/v1/heartbeat/" + node, "{\"callback_url\":\"" + impostor.url()
                + "\",\"agent_token\":\"" + token + "\",\"agent_version\":\"9.4.3\",\"agent_verify_ca\":"
                + conductor.json.writeValueAsString(pinned.pem()) + "}", "1.68"));

        Node failed = conductor.await(node, ProvisionState.DEPLOY_FAILED);
        assertThat(impostor.received()).as("the TLS handshake fails before any command is sent").isEmpty();
        assertThat(failed.lastError()).hasValueSatisfying(error -> assertThat(error)
                .contains("Connection to agent failed"));
    }

    private FakeAgent started(Optional<SSLContext> tls) {
        FakeAgent agent = new FakeAgent(tls);
        agents.add(agent);
        return agent;
    }

    private UUID waitingForCallback() {
        conductor = flow.start(FlowConfig.defaults().withAutomatedClean(false));
        UUID node = conductor.createNode("node-1", MAC, FlowFixture.DIRECT_RAW_IMAGE);
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        conductor.provision(node, "provide");
        conductor.await(node, ProvisionState.AVAILABLE);
        conductor.provision(node, "active");
        conductor.await(node, ProvisionState.DEPLOY_WAIT);
        return node;
    }

    /** A certificate and key in the shape IPA's auto-TLS makes them, via the JDK's keytool. */
    private record AgentCertificate(String pem, SSLContext context) {
        private static final String PASSWORD = "changeit";

        static AgentCertificate make(Path dir) throws Exception {
            Files.createDirectories(dir);
            Path keystore = dir.resolve("agent.p12");
            Path pem = dir.resolve("agent.pem");
            keytool("-genkeypair", "-alias", "agent", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=vm",
                    "-ext", "SAN=ip:127.0.0.1", "-validity", "2", "-keystore", keystore.toString(),
                    "-storetype", "PKCS12", "-storepass", PASSWORD, "-keypass", PASSWORD);
            keytool("-exportcert", "-rfc", "-alias", "agent", "-keystore", keystore.toString(), "-storepass", PASSWORD,
                    "-file", pem.toString());
            KeyStore store = KeyStore.getInstance("PKCS12");
            try (InputStream in = new FileInputStream(keystore.toFile())) {
                store.load(in, PASSWORD.toCharArray());
            }
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, PASSWORD.toCharArray());
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys.getKeyManagers(), null, null);
            return new AgentCertificate(Files.readString(pem), context);
        }

        private static void keytool(String... args) throws IOException, InterruptedException {
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool")
                    .toString()));
            command.addAll(List.of(args));
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.waitFor()).as(out).isZero();
        }
    }
}
