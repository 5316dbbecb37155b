package dev.ferrum.conductor.driver.redfish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.TestNodes;
import dev.ferrum.testing.LoopbackTlsServer;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Redfish over HTTPS to a BMC reached by IP literal whose certificate names only {@code IP:127.0.0.1}:
 * {@code redfish_verify_ca} set to the CA file (as Ironic takes it) is trusted and the IP checked;
 * the host name is still checked, the runtime's trust store refuses the certificate, and {@code false}
 * skips the checks.
 */
class RedfishTlsTest {
    private static final RedfishConfig CONFIG = new RedfishConfig(Duration.ofSeconds(5), "ForceRestart",
            Duration.ofSeconds(2), Duration.ofMillis(20));
    @TempDir
    static Path dir;
    private static LoopbackTlsServer bmc;

    @BeforeAll
    static void start() {
        bmc = LoopbackTlsServer.start(dir, "/redfish/v1/Systems/1", exchange -> {
            byte[] body = "{\"Id\":\"1\",\"PowerState\":\"On\"}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
    }

    @AfterAll
    static void stop() {
        bmc.close();
    }

    private static Node node(String host, String verifyCa) {
        return TestNodes.node("redfish", Map.of("redfish_address", bmc.url(host), "redfish_system_id",
                "/redfish/v1/Systems/1", "redfish_username", "root", "redfish_password", "calvin-pw",
                "redfish_auth_type", "basic", "redfish_verify_ca", verifyCa));
    }

    private static PowerState powerState(Node node) {
        return new RedfishPower(new RedfishClient(CONFIG), CONFIG).powerState(node);
    }

    @Test
    void aCaBundleInVerifyCaIsTrustedForAnIpLiteralAddress() {
        Node node = node("127.0.0.1", bmc.caFile().toString());

        assertThat(RedfishTarget.from(node).verifyCa())
                .isEqualTo(new RedfishTarget.CaVerification.CaBundle(bmc.caFile()));
        assertThat(powerState(node)).isEqualTo(PowerState.POWER_ON);
    }

    @Test
    void theHostAsWrittenIsStillChecked() {
        assertThatThrownBy(() -> powerState(node("localhost", bmc.caFile().toString())))
                .isInstanceOf(DriverException.class).hasMessageContaining("cannot reach Redfish service");
    }

    @Test
    void withTheRuntimeTrustStoreTheSelfSignedCertificateIsRefused() {
        assertThatThrownBy(() -> powerState(node("127.0.0.1", "true")))
                .isInstanceOf(DriverException.class).hasMessageContaining("cannot reach Redfish service");
    }

    @Test
    void verifyCaFalseSkipsTheCheck() {
        assertThat(powerState(node("127.0.0.1", "false"))).isEqualTo(PowerState.POWER_ON);
    }

    @Test
    void aVerifyCaThatIsNeitherABooleanNorAFileFailsValidation() throws Exception {
        Path missing = dir.resolve("no-such-ca.pem");
        assertThat(RedfishTarget.validate(node("127.0.0.1", missing.toString())).failure()).hasValueSatisfying(
                failure -> assertThat(failure).contains("redfish_verify_ca").contains(missing.toString()));

        Path empty = Files.writeString(dir.resolve("empty.pem"), "");
        assertThatThrownBy(() -> powerState(node("127.0.0.1", empty.toString())))
                .isInstanceOf(DriverException.class).hasMessageContaining("redfish_verify_ca")
                .hasMessageContaining("holds no certificates");
    }
}
