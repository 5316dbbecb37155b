package dev.ferrum.conductor.cli;

import static dev.ferrum.conductor.cli.ConductorCommand.settingsFrom;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The conductor's command line (declared without annotations): what its flags set, and what it refuses. */
class ConductorCommandTest {


    @Test
    void theServingAndProvisioningFlagsReachTheSettings() {
        ConductorSettings settings = settingsFrom("--noauth", "--host", "0.0.0.0", "--port", "7000", "--public-url",
                "http://192.0.2.1:7000", "--data-dir", "/srv/ferrum", "--database-url",
                "jdbc:postgresql://db/ferrum", "--boot-files", "/srv/boot", "--no-automated-clean", "--kernel-param",
                "console=ttyS0", "--kernel-param", "nomodeset", "--inspection-hooks", "scheduler, ports",
                "--inspection-hooks", "root_device", "--discovery-enroll-driver", " ipmi ",
                "--enable-setting-ipmi-credentials", "--force-power-state-during-sync", "false",
                "--sync-power-state-workers", "4", "--api-max-limit", "50", "--node-history-minimum-days", "2");

        assertThat(settings.host()).isEqualTo("0.0.0.0");
        assertThat(settings.port()).isEqualTo(7000);
        assertThat(settings.publicUrl()).isEqualTo(URI.create("http://192.0.2.1:7000"));
        assertThat(settings.dataDir()).isEqualTo(Path.of("/srv/ferrum"));
        assertThat(settings.databaseUrl()).contains("jdbc:postgresql://db/ferrum");
        assertThat(settings.bootFiles()).isEqualTo(Path.of("/srv/boot"));
        assertThat(settings.automatedClean()).isFalse();
        assertThat(settings.kernelParameters()).hasSize(2);
        assertThat(settings.inspect().hooks()).containsExactly("scheduler", "ports", "root_device");
        assertThat(settings.inspect().enrollDriver()).contains("ipmi");
        assertThat(settings.inspect().settingIpmiCredentials()).isTrue();
        assertThat(settings.timeline().powerSync().force()).isFalse();
        assertThat(settings.timeline().powerSync().workers()).isEqualTo(4);
        assertThat(settings.timeline().maxLimit()).isEqualTo(50);
        assertThat(settings.timeline().retention().minimumAge()).isEqualTo(Duration.ofDays(2));
    }

    @Test
    void withoutFlagsTheDefaultsAreTheHelpsDefaults() {
        ConductorSettings settings = settingsFrom("--noauth");

        assertThat(settings.host()).isEqualTo("127.0.0.1");
        assertThat(settings.port()).isEqualTo(6385);
        assertThat(settings.publicUrl()).isEqualTo(URI.create("http://127.0.0.1:6385"));
        assertThat(settings.dataDir()).isEqualTo(Path.of("ferrum-data").toAbsolutePath());
        assertThat(settings.bootFiles()).isEqualTo(Path.of("ferrum-data", "boot").toAbsolutePath());
        assertThat(settings.databaseUrl()).isEmpty();
        assertThat(settings.automatedClean()).isTrue();
        assertThat(settings.heartbeatInterval()).isEqualTo(Duration.ofSeconds(10));
        assertThat(settings.inspect().hooks()).isEmpty();
        assertThat(settings.inspect().inspectWaitTimeout()).isEqualTo(Duration.ofHours(1));
        assertThat(settings.timeline().powerSync().force()).isTrue();
        assertThat(settings.timeline().powerSyncInterval()).isEqualTo(Duration.ofSeconds(60));
        assertThat(settings.timeline().maxLimit()).isEqualTo(1000);
        assertThat(settings.imageSources().fileDirectories()).containsExactly(Path.of("/var/lib/ironic"));
        assertThat(settings.tls()).isEqualTo(Optional.empty());
        assertThat(settings.plainBootPort()).isEmpty();
    }

    @Test
    void helpListsEveryOptionWithItsDefault() {
        StringWriter out = new StringWriter();
        CommandLine command = new CommandLine(new ConductorCommand().spec()).setOut(new PrintWriter(out));

        assertThat(command.execute("--help")).isZero();

        assertThat(out.toString()).startsWith("Usage: ferrum-conductor [-hV] [--discovery]").contains(
                "--port=<port>          Port to listen on (default: 6385).",
                "--inspection-hooks=NAME[,NAME...]", "--force-power-state-during-sync=true|false",
                "(default: 3600)",
                "-V, --version", "Run Ferrum's conductor: the Ironic-compatible API and the provisioning flows.");
        for (String option : List.of("--tls-cert", "--inspector-url", "--node-history-max-entries", "--auth-token",
                "--secrets-old-key-file", "--file-image-dir", "--clean-step-priority")) {
            assertThat(out.toString()).as(option).contains(option + "=");
        }
    }

    @Test
    void theCommandCarriesNoPicocliAnnotations() {
        // Reading annotations makes the JDK generate proxy classes on every start, which no class cache keeps.
        for (Class<?> type : List.of(ConductorCommand.class, TimelineOptions.class, InspectionOptions.class,
                ServerTlsOptions.class)) {
            assertThat(type.getAnnotations()).as(type.getSimpleName()).isEmpty();
            for (var field : type.getDeclaredFields()) {
                assertThat(field.getAnnotations()).as(type.getSimpleName() + "." + field.getName()).isEmpty();
            }
        }
    }

    private static String refused(String... args) {
        StringWriter err = new StringWriter();
        CommandLine command = new CommandLine(new ConductorCommand().spec()).setErr(new PrintWriter(err));
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
        new CommandLine(command.spec()).parseArgs("--noauth", "--conductor-group", "rack-7", "--heartbeat-interval", "5",
                "--conductor-heartbeat-timeout", "45");
        assertThat(command.settings().cluster()).isEqualTo(new ClusterSettings("rack-7", Duration.ofSeconds(45)));
        ConductorCommand defaults = new ConductorCommand();
        new CommandLine(defaults.spec()).parseArgs("--noauth", "--heartbeat-interval", "5");
        assertThat(defaults.settings().cluster()).as("six missed heartbeats, Ironic's 60 s with its 10 s interval")
                .isEqualTo(new ClusterSettings("", Duration.ofSeconds(30)));
        assertThat(refused("--noauth", "--heartbeat-interval", "10", "--conductor-heartbeat-timeout", "15"))
                .contains("--conductor-heartbeat-timeout must be at least twice");
    }

    @Test
    void hookOptionsReachTheSettingsByHookAndKey() {
        ConductorCommand command = new ConductorCommand();
        new CommandLine(command.spec()).parseArgs("--noauth", "--inspection-hook-option",
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
        new CommandLine(command.spec()).parseArgs("--noauth", "--inspector-url", "http://127.0.0.1:5050",
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
        new CommandLine(plain.spec()).parseArgs("--noauth");
        assertThat(plain.settings().inspect().inspector()).as("no flag, no inspector").isEmpty();
    }
}
