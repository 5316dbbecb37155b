package dev.ferrum.integration.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.cli.ConductorServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stock {@code baremetal} CLI's node sub-resource, driver and allocation commands against a real
 * conductor (production wiring, fake-hardware with its fake vendor, RAID, console and BIOS interfaces):
 * VIFs, vendor passthru, RAID, console, BIOS, NMI, boot mode, secure boot, driver properties, allocations.
 */
class BaremetalSubresourcesCliTest {
    private static final String VIF = "4b7e3c2a-9f1d-4e6b-8a5c-1d2e3f4a5b6c";

    private final ObjectMapper json = new ObjectMapper();
    private ConductorServer conductor;
    private String api;

    @TempDir
    Path temp;

    @BeforeEach
    void start() throws Exception {
        BaremetalCli.requireInstalled();
        conductor = BaremetalCli.startConductor(temp, false);
        api = BaremetalCli.endpoint(conductor);
    }

    @AfterEach
    void stop() {
        if (conductor != null) {
            conductor.close();
        }
    }

    private BaremetalCli.Run run(String... args) throws Exception {
        return new BaremetalCli(api, Duration.ofMinutes(2)).run(args);
    }

    private String baremetal(String... args) throws Exception {
        BaremetalCli.Run run = run(args);
        assertThat(run.exit()).as("baremetal " + String.join(" ", args) + ":\n" + run.output()).isZero();
        return run.output();
    }

    private JsonNode baremetalJson(String... args) throws Exception {
        return json.readTree(baremetal(args));
    }

    private String createNode(String name, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("node", "create", "--driver", "fake-hardware", "--name", name,
                "--vendor-interface", "fake", "--raid-interface", "fake", "--console-interface", "fake",
                "--bios-interface", "fake", "-f", "json"));
        args.addAll(Arrays.asList(extra));
        return baremetalJson(args.toArray(String[]::new)).path("uuid").asText();
    }

    @Test
    void vifsPassthruRaidConsoleBiosAndManagementCommands() throws Exception {
        String node = createNode("sub-node");
        baremetal("port", "create", "52:54:00:12:34:56", "--node", node);

        baremetal("node", "vif", "attach", "sub-node", VIF);
        assertThat(baremetal("node", "vif", "list", "sub-node", "-f", "value")).contains(VIF);
        baremetal("node", "vif", "detach", "sub-node", VIF);
        assertThat(baremetal("node", "vif", "list", "sub-node", "-f", "value")).doesNotContain(VIF);

        assertThat(baremetal("node", "passthru", "list", "sub-node", "-f", "value"))
                .contains("second_method", "third_method_sync");
        // The async method answers 202 without a body. (The sync one answers a bare JSON boolean, as Ironic's fake
        // does, which this CLI cannot print: it expects a dict.)
        baremetal("node", "passthru", "call", "--arg", "bar=kazoo", "sub-node", "second_method");
        BaremetalCli.Run unknown = run("node", "passthru", "call", "sub-node", "no_such_method");
        assertThat(unknown.exit()).isNotZero();
        assertThat(unknown.output()).contains("No handler for method no_such_method");
        baremetal("driver", "passthru", "list", "fake-hardware");

        assertThat(baremetal("driver", "raid", "property", "list", "fake-hardware", "-f", "value"))
                .contains("raid_level", "size_gb");
        baremetal("node", "set", "sub-node", "--target-raid-config",
                "{\"logical_disks\": [{\"size_gb\": 10, \"raid_level\": \"1\"}]}");
        JsonNode raid = baremetalJson("node", "show", "sub-node", "-f", "json", "-c", "target_raid_config");
        assertThat(raid.path("target_raid_config").path("logical_disks").get(0).path("raid_level").asText())
                .isEqualTo("1");
        BaremetalCli.Run badRaid = run("node", "set", "sub-node", "--target-raid-config", "{\"logical_disks\": []}");
        assertThat(badRaid.exit()).isNotZero();
        assertThat(badRaid.output()).contains("RAID config validation error");

        baremetal("node", "console", "enable", "sub-node");
        JsonNode console = null;
        for (int i = 0; i < 50; i++) {
            console = baremetalJson("node", "console", "show", "sub-node", "-f", "json");
            if (console.path("console_enabled").asBoolean()) {
                break;
            }
            Thread.sleep(100);
        }
        assertThat(console.path("console_enabled").asBoolean()).as(console.toString()).isTrue();
        baremetal("node", "console", "disable", "sub-node");

        assertThat(baremetal("node", "bios", "setting", "list", "sub-node", "-f", "json").strip()).isEqualTo("[]");
        BaremetalCli.Run nmi = run("node", "inject", "nmi", "sub-node");
        assertThat(nmi.exit()).isNotZero();
        assertThat(nmi.output()).contains("does not support inject_nmi");
        baremetal("node", "boot", "mode", "set", "sub-node", "uefi");
        baremetal("node", "secure", "boot", "on", "sub-node");

        assertThat(baremetal("driver", "property", "list", "ipmi", "-f", "value"))
                .contains("ipmi_address", "ipmi_password", "deploy_kernel");
    }

    @Test
    void allocationCommands() throws Exception {
        String node = createNode("alloc-node", "--resource-class", "gold");
        baremetal("node", "manage", "alloc-node", "--wait", "60");
        baremetal("node", "provide", "alloc-node", "--wait", "60");

        JsonNode made = baremetalJson("allocation", "create", "--resource-class", "gold", "--name", "a1", "--wait",
                "60", "-f", "json");
        assertThat(made.path("state").asText()).isEqualTo("active");
        assertThat(made.path("node_uuid").asText()).isEqualTo(node);
        baremetal("allocation", "set", "a1", "--name", "a2", "--extra", "ticket=OPS-3");
        JsonNode shown = baremetalJson("allocation", "show", "a2", "-f", "json");
        assertThat(shown.path("extra").path("ticket").asText()).isEqualTo("OPS-3");
        baremetal("allocation", "unset", "a2", "--extra", "ticket");
        assertThat(baremetal("allocation", "list", "-f", "value", "-c", "Name")).contains("a2");
        baremetal("allocation", "delete", "a2");
        assertThat(baremetal("allocation", "list", "-f", "value")).doesNotContain("a2");

        BaremetalCli.Run failed = run("allocation", "create", "--resource-class", "silver", "--wait", "60");
        assertThat(failed.exit()).isNotZero();
        assertThat(failed.output()).contains("silver");
    }
}
