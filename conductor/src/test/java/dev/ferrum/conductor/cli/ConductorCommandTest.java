package dev.ferrum.conductor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Flags the conductor refuses before it starts anything. */
class ConductorCommandTest {

    private static String refused(String... args) {
        StringWriter err = new StringWriter();
        CommandLine command = new CommandLine(new ConductorCommand()).setErr(new PrintWriter(err));
        assertThat(command.execute(args)).as(String.join(" ", args)).isEqualTo(2);
        return err.toString();
    }

    @Test
    void aCleanStepPriorityNeedsInterfaceDotStepAndANonNegativePriority() {
        assertThat(refused("--noauth", "--clean-step-priority", "erase_devices=0"))
                .contains("--clean-step-priority takes INTERFACE.STEP=PRIORITY");
        assertThat(refused("--noauth", "--clean-step-priority", "deploy.erase_devices=-1"))
                .contains("PRIORITY >= 0");
        assertThat(refused("--noauth", "--clean-step-priority", "deploy.erase_devices=often"))
                .contains("often");
    }

    @Test
    void anAgentCaFileMustExistAndHoldPemCertificates(@TempDir Path temp) throws Exception {
        Path missing = temp.resolve("missing.pem");
        assertThat(refused("--noauth", "--agent-ca-file", missing.toString()))
                .contains("--agent-ca-file").contains(missing.toString()).contains("does not exist");
        Path notPem = Files.writeString(temp.resolve("not.pem"), "not a certificate\n");
        assertThat(refused("--noauth", "--agent-ca-file", notPem.toString()))
                .contains("--agent-ca-file").contains(notPem.toString());
        assertThat(refused("--noauth", "--agent-ca-file", temp.toString()))
                .contains("--agent-ca-file").contains("not a file");
    }

    @Test
    void anInspectorUrlMustBeAnHttpUrl() {
        assertThat(refused("--noauth", "--inspector-url", "ftp://inspector.example:5050"))
                .contains("--inspector-url must be http(s)://").contains("ftp://inspector.example:5050");
        assertThat(refused("--noauth", "--inspector-url", "inspector:5050"))
                .contains("--inspector-url must be http(s)://");
        assertThat(refused("--noauth", "--inspector-url", "http://in spector:5050"))
                .contains("--inspector-url").contains("is not a URL");
        assertThat(refused("--noauth", "--inspector-url", "http://127.0.0.1:5050/?x=1"))
                .contains("no query or fragment");
    }

    @Test
    void anInspectorCaFileMustHoldPemCertificatesAndGoWithAnInspectorUrl(@TempDir Path temp) throws Exception {
        Path notPem = Files.writeString(temp.resolve("not.pem"), "not a certificate\n");
        assertThat(refused("--noauth", "--inspector-url", "https://127.0.0.1:5050", "--inspector-ca-file",
                notPem.toString())).contains("--inspector-ca-file").contains(notPem.toString());
        Path missing = temp.resolve("missing.pem");
        assertThat(refused("--noauth", "--inspector-url", "https://127.0.0.1:5050", "--inspector-ca-file",
                missing.toString())).contains("--inspector-ca-file").contains("does not exist");
        assertThat(refused("--noauth", "--inspector-ca-file", notPem.toString()))
                .contains("--inspector-ca-file needs --inspector-url");
    }

    @Test
    void inspectorPollIntervalAndInspectTimeoutArePositive() {
        assertThat(refused("--noauth", "--inspector-url", "http://127.0.0.1:5050", "--inspector-poll-interval", "0"))
                .contains("--inspector-poll-interval must be at least 1 second");
        assertThat(refused("--noauth", "--inspect-wait-timeout", "0"))
                .contains("--inspect-wait-timeout must be at least 1 second");
    }

    @Test
    void theConductorGroupAndHeartbeatTimeoutReachTheSettings() {
        ConductorCommand command = new ConductorCommand();
        new CommandLine(command).parseArgs("--noauth", "--conductor-group", "rack-7", "--heartbeat-interval", "5",
                "--conductor-heartbeat-timeout", "45");
        assertThat(command.settings().cluster()).isEqualTo(new ClusterSettings("rack-7", Duration.ofSeconds(45)));
        ConductorCommand defaults = new ConductorCommand();
        new CommandLine(defaults).parseArgs("--noauth", "--heartbeat-interval", "5");
        assertThat(defaults.settings().cluster()).as("six missed heartbeats, Ironic's 60 s with its 10 s interval")
                .isEqualTo(new ClusterSettings("", Duration.ofSeconds(30)));
        assertThat(refused("--noauth", "--heartbeat-interval", "10", "--conductor-heartbeat-timeout", "15"))
                .contains("--conductor-heartbeat-timeout must be at least twice");
    }

    @Test
    void hookOptionsReachTheSettingsByHookAndKey() {
        ConductorCommand command = new ConductorCommand();
        new CommandLine(command).parseArgs("--noauth", "--inspection-hook-option",
                "physnet.cidr_map=10.0.0.0/24:physnet_a,fd00::/64:b", "--inspection-hook-option",
                "pci_devices.alias=[{\"vendor_id\":\"8086\",\"product_id\":\"1521\",\"name\":\"nic\"}]");
        assertThat(command.settings().inspect().hookOptions()).isEqualTo(Map.of(
                "physnet", Map.of("cidr_map", "10.0.0.0/24:physnet_a,fd00::/64:b"),
                "pci_devices", Map.of("alias", "[{\"vendor_id\":\"8086\",\"product_id\":\"1521\",\"name\":\"nic\"}]")));
        assertThat(refused("--noauth", "--inspection-hook-option", "cidr_map=10.0.0.0/24:a"))
                .contains("--inspection-hook-option takes HOOK.KEY=VALUE");
    }

    @Test
    void theInspectorFlagsReachTheSettings() {
        ConductorCommand command = new ConductorCommand();
        new CommandLine(command).parseArgs("--noauth", "--inspector-url", "http://127.0.0.1:5050",
                "--inspector-poll-interval", "15", "--inspect-wait-timeout", "900");

        InspectSettings inspect = command.settings().inspect();

        assertThat(inspect.inspector()).hasValueSatisfying(config -> {
            assertThat(config.enabled()).isTrue();
            assertThat(config.serviceUrl()).contains(URI.create("http://127.0.0.1:5050"));
            assertThat(config.caFile()).isEmpty();
        });
        assertThat(inspect.inspectorPollInterval()).isEqualTo(Duration.ofSeconds(15));
        assertThat(inspect.inspectWaitTimeout()).isEqualTo(Duration.ofSeconds(900));

        ConductorCommand plain = new ConductorCommand();
        new CommandLine(plain).parseArgs("--noauth");
        assertThat(plain.settings().inspect().inspector()).as("no flag, no inspector").isEmpty();
    }
}
