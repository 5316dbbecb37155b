package dev.ferrum.integration.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.conductor.cli.ConductorServer;
import java.io.IOException;
import java.nio.file.Files;
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
 * Every command of the stock {@code baremetal} CLI (Debian's python3-ironicclient, which speaks API 1.78) that
 * maps onto Ironic's v1 API runs against Ferrum's conductor unchanged, one test per resource: chassis, port
 * groups, volume connectors and targets, deploy templates, conductors, node fields and list filters, the node's
 * sub-resources (VIFs, passthru, RAID, console, boot mode, secure boot, NMI, BIOS, history) and allocations.
 * The whole-life deploy through the real agent is {@link BaremetalCliTest}.
 */
class BaremetalCliConformanceTest {

    private final ObjectMapper json = new ObjectMapper();
    private ConductorServer conductor;
    private String api;

    @TempDir
    Path temp;

    @BeforeEach
    void start() throws IOException {
        BaremetalCli.requireInstalled();
        conductor = BaremetalCli.startConductor(temp, true);
        api = BaremetalCli.endpoint(conductor);
    }

    @AfterEach
    void stop() {
        if (conductor != null) {
            conductor.close();
        }
    }

    /** Runs the CLI; a non-zero exit fails the test with the CLI's output. */
    private String cli(String... args) throws Exception {
        BaremetalCli.Run run = run(args);
        assertThat(run.exit()).as("baremetal " + String.join(" ", args) + ":\n" + run.output()).isZero();
        return run.output();
    }

    /** Runs the CLI expecting a refusal; returns what it printed. */
    private String cliFails(String... args) throws Exception {
        BaremetalCli.Run run = run(args);
        assertThat(run.exit()).as("baremetal " + String.join(" ", args) + " should fail:\n" + run.output()).isNotZero();
        return run.output();
    }

    private JsonNode cliJson(String... args) throws Exception {
        List<String> withFormat = new ArrayList<>(Arrays.asList(args));
        withFormat.addAll(List.of("-f", "json"));
        return json.readTree(cli(withFormat.toArray(String[]::new)));
    }

    private BaremetalCli.Run run(String... args) throws Exception {
        return new BaremetalCli(api, Duration.ofMinutes(2)).run(args);
    }

    private List<String> column(JsonNode rows, String name) {
        List<String> values = new ArrayList<>();
        rows.forEach(row -> values.add(row.path(name).asText()));
        return values;
    }

    /** A fake-hardware node whose deploy and clean finish at once (fake deploy interface). */
    private String fakeNode(String name, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("node", "create", "--driver", "fake-hardware", "--name", name,
                "--deploy-interface", "fake"));
        args.addAll(Arrays.asList(extra));
        return cliJson(args.toArray(String[]::new)).path("uuid").asText();
    }

    private void toAvailable(String node) throws Exception {
        cli("node", "manage", node, "--wait", "60");
        cli("node", "provide", node, "--wait", "60");
    }

    @Test
    void chassisLifeAndTheNodesInIt() throws Exception {
        JsonNode chassis = cliJson("chassis", "create", "--description", "rack 1", "--extra", "row=A");
        String uuid = chassis.path("uuid").asText();
        assertThat(chassis.path("description").asText()).isEqualTo("rack 1");
        assertThat(column(cliJson("chassis", "list"), "UUID")).containsExactly(uuid);
        cli("chassis", "set", uuid, "--description", "rack 2", "--extra", "column=7");
        cli("chassis", "unset", uuid, "--extra", "row");
        JsonNode shown = cliJson("chassis", "show", uuid);
        assertThat(shown.path("description").asText()).isEqualTo("rack 2");
        assertThat(shown.path("extra").has("row")).isFalse();
        assertThat(shown.path("extra").path("column").asText()).isEqualTo("7");

        fakeNode("in-rack", "--chassis-uuid", uuid);
        fakeNode("elsewhere");
        assertThat(column(cliJson("node", "list", "--chassis", uuid), "Name")).containsExactly("in-rack");
        assertThat(cliJson("node", "show", "in-rack").path("chassis_uuid").asText()).isEqualTo(uuid);

        cliFails("chassis", "delete", uuid);
        cli("node", "delete", "in-rack");
        cli("chassis", "delete", uuid);
        assertThat(cliJson("chassis", "list")).isEmpty();
    }

    @Test
    void portGroupsAndTheirPorts() throws Exception {
        String node = fakeNode("bonded");
        JsonNode group = cliJson("port", "group", "create", "--node", node, "--address", "52:54:00:00:10:00",
                "--name", "bond0", "--mode", "802.3ad", "--property", "miimon=100");
        String groupUuid = group.path("uuid").asText();
        assertThat(group.path("mode").asText()).isEqualTo("802.3ad");
        cli("port", "create", "52:54:00:00:10:01", "--node", node, "--port-group", groupUuid);
        cli("port", "create", "52:54:00:00:10:02", "--node", node);

        assertThat(column(cliJson("port", "group", "list", "--node", "bonded"), "Name")).containsExactly("bond0");
        assertThat(column(cliJson("port", "list", "--port-group", groupUuid), "Address"))
                .containsExactly("52:54:00:00:10:01");
        assertThat(column(cliJson("port", "list", "--node", node), "Address"))
                .containsExactlyInAnyOrder("52:54:00:00:10:01", "52:54:00:00:10:02");
        assertThat(column(cliJson("port", "list", "--address", "52:54:00:00:10:02"), "Address"))
                .containsExactly("52:54:00:00:10:02");
        cli("port", "group", "set", "bond0", "--extra", "switch=sw1");
        cli("port", "group", "unset", "bond0", "--property", "miimon");
        JsonNode shown = cliJson("port", "group", "show", "bond0");
        assertThat(shown.path("extra").path("switch").asText()).isEqualTo("sw1");
        assertThat(shown.path("properties").has("miimon")).isFalse();
        assertThat(cliJson("port", "show", "--address", "52:54:00:00:10:01").path("portgroup_uuid").asText())
                .isEqualTo(groupUuid);

        cliFails("port", "group", "delete", "bond0");
        cli("port", "delete", cliJson("port", "show", "--address", "52:54:00:00:10:01").path("uuid").asText());
        cli("port", "group", "delete", "bond0");
        assertThat(cliJson("port", "group", "list")).isEmpty();
    }

    @Test
    void volumeConnectorsAndTargets() throws Exception {
        String node = fakeNode("diskless");
        cli("node", "power", "off", node);
        JsonNode connector = cliJson("volume", "connector", "create", "--node", node, "--type", "iqn",
                "--connector-id", "iqn.2026-11.dev.ferrum:diskless");
        String connectorUuid = connector.path("uuid").asText();
        JsonNode target = cliJson("volume", "target", "create", "--node", node, "--type", "iscsi",
                "--boot-index", "0", "--volume-id", "vol-0001");
        String targetUuid = target.path("uuid").asText();

        assertThat(column(cliJson("volume", "connector", "list", "--node", node), "Connector ID"))
                .containsExactly("iqn.2026-11.dev.ferrum:diskless");
        assertThat(column(cliJson("volume", "target", "list", "--node", node), "Volume ID")).containsExactly("vol-0001");
        cliFails("volume", "connector", "create", "--node", node, "--type", "iqn",
                "--connector-id", "iqn.2026-11.dev.ferrum:diskless");
        cliFails("volume", "target", "create", "--node", node, "--type", "iscsi", "--boot-index", "0",
                "--volume-id", "vol-0002");

        cli("volume", "connector", "set", connectorUuid, "--extra", "owner=ops");
        cli("volume", "target", "set", targetUuid, "--property", "target_lun=1");
        cli("volume", "target", "unset", targetUuid, "--property", "target_lun");
        assertThat(cliJson("volume", "connector", "show", connectorUuid).path("extra").path("owner").asText())
                .isEqualTo("ops");
        assertThat(cliJson("volume", "target", "show", targetUuid).path("properties").has("target_lun")).isFalse();
        cli("volume", "connector", "unset", connectorUuid, "--extra", "owner");

        cli("volume", "connector", "delete", connectorUuid);
        cli("volume", "target", "delete", targetUuid);
        assertThat(cliJson("volume", "connector", "list")).isEmpty();
        assertThat(cliJson("volume", "target", "list")).isEmpty();
    }

    @Test
    void deployTemplates() throws Exception {
        String steps = "[{\"interface\": \"bios\", \"step\": \"apply_configuration\", \"args\": {\"settings\": []},"
                + " \"priority\": 150}]";
        JsonNode template = cliJson("deploy", "template", "create", "CUSTOM_HYPERTHREADING_ON", "--steps", steps);
        assertThat(template.path("steps").get(0).path("priority").asInt()).isEqualTo(150);
        cliFails("deploy", "template", "create", "NOT_CUSTOM", "--steps", steps);
        cliFails("deploy", "template", "create", "CUSTOM_HYPERTHREADING_ON", "--steps", steps);
        cliFails("deploy", "template", "create", "CUSTOM_BAD_STEP", "--steps", "[{\"interface\": \"nope\"}]");

        cli("deploy", "template", "set", "CUSTOM_HYPERTHREADING_ON", "--extra", "team=hpc");
        assertThat(column(cliJson("deploy", "template", "list"), "Name")).containsExactly("CUSTOM_HYPERTHREADING_ON");
        assertThat(cliJson("deploy", "template", "show", "CUSTOM_HYPERTHREADING_ON").path("extra").path("team")
                .asText()).isEqualTo("hpc");
        cli("deploy", "template", "unset", "CUSTOM_HYPERTHREADING_ON", "--extra", "team");
        cli("deploy", "template", "delete", "CUSTOM_HYPERTHREADING_ON");
        assertThat(cliJson("deploy", "template", "list")).isEmpty();
    }

    @Test
    void conductorsAndTheNodesTheyServe() throws Exception {
        JsonNode conductors = cliJson("conductor", "list");
        assertThat(column(conductors, "Hostname")).containsExactly("cli-conductor");
        JsonNode shown = cliJson("conductor", "show", "cli-conductor");
        assertThat(shown.path("alive").asBoolean()).isTrue();
        assertThat(shown.path("drivers").toString()).contains("fake-hardware");

        fakeNode("served");
        assertThat(cliJson("node", "show", "served").path("conductor").asText()).isEqualTo("cli-conductor");
        assertThat(column(cliJson("node", "list", "--conductor", "cli-conductor"), "Name")).containsExactly("served");
        assertThat(cliJson("node", "list", "--conductor", "elsewhere")).isEmpty();
    }

    @Test
    void nodeFieldsAndEveryListFilter() throws Exception {
        String first = fakeNode("first", "--resource-class", "gpu", "--conductor-group", "");
        // python3-ironicclient 5.0.1 refuses owner, lessee and description on create itself; it sets them after.
        cli("node", "set", "first", "--owner", "tenant-a", "--lessee", "tenant-b", "--description", "GPU box in rack 4");
        fakeNode("second", "--resource-class", "cpu");
        Path networkData = temp.resolve("network.json");
        Files.writeString(networkData, "{\"links\": [], \"networks\": [], \"services\": []}");
        cli("node", "set", "second", "--network-data", networkData.toString(), "--retired", "--retired-reason", "eol");
        cli("node", "maintenance", "set", "first", "--reason", "fan");

        JsonNode shown = cliJson("node", "show", "first");
        assertThat(shown.path("owner").asText()).isEqualTo("tenant-a");
        assertThat(shown.path("lessee").asText()).isEqualTo("tenant-b");
        assertThat(shown.path("description").asText()).isEqualTo("GPU box in rack 4");
        assertThat(shown.has("fault")).isTrue();
        JsonNode second = cliJson("node", "show", "second");
        assertThat(second.path("retired").asBoolean()).isTrue();
        assertThat(second.path("retired_reason").asText()).isEqualTo("eol");
        assertThat(second.path("network_data").has("links")).isTrue();

        assertThat(column(cliJson("node", "list", "--owner", "tenant-a"), "Name")).containsExactly("first");
        assertThat(column(cliJson("node", "list", "--lessee", "tenant-b"), "Name")).containsExactly("first");
        // --description-contains: python3-ironicclient 5.0.1's library lacks it (NodeFieldsConformanceTest covers it).
        assertThat(column(cliJson("node", "list", "--retired"), "Name")).containsExactly("second");
        assertThat(column(cliJson("node", "list", "--no-retired"), "Name")).containsExactly("first");
        assertThat(column(cliJson("node", "list", "--maintenance"), "Name")).containsExactly("first");
        assertThat(column(cliJson("node", "list", "--no-maintenance"), "Name")).containsExactly("second");
        assertThat(column(cliJson("node", "list", "--resource-class", "gpu"), "Name")).containsExactly("first");
        assertThat(column(cliJson("node", "list", "--provision-state", "enroll"), "Name"))
                .containsExactlyInAnyOrder("first", "second");
        assertThat(cliJson("node", "list", "--provision-state", "active")).isEmpty();
        assertThat(column(cliJson("node", "list", "--driver", "fake-hardware"), "Name")).hasSize(2);
        assertThat(cliJson("node", "list", "--fault", "power failure")).isEmpty();
        assertThat(column(cliJson("node", "list", "--unassociated"), "Name")).hasSize(2);
        assertThat(cliJson("node", "list", "--associated")).isEmpty();
        assertThat(column(cliJson("node", "list", "--sort", "name:desc"), "Name")).containsExactly("second", "first");
        // Creation order without a sort key, as Ironic (python3-ironicclient 5.0.1 drops --sort with --limit).
        assertThat(column(cliJson("node", "list", "--limit", "1"), "Name")).containsExactly("first");
        JsonNode narrow = cliJson("node", "list", "--fields", "uuid", "owner");
        assertThat(narrow.get(0).has("Owner")).isTrue();
        assertThat(narrow.get(0).has("Provisioning State")).isFalse();
        JsonNode long_ = cliJson("node", "list", "--long");
        assertThat(column(long_, "UUID")).contains(first);

        cli("node", "unset", "first", "--owner", "--lessee", "--description");
        cli("node", "maintenance", "unset", "first");
        JsonNode cleared = cliJson("node", "show", "first");
        assertThat(cleared.path("owner").isNull()).isTrue();
        assertThat(cleared.path("maintenance").asBoolean()).isFalse();
    }

    @Test
    void protectedNodesRefuseUndeployAndDelete() throws Exception {
        fakeNode("guarded");
        toAvailable("guarded");
        cli("node", "deploy", "guarded", "--wait", "60");
        cli("node", "set", "guarded", "--protected", "--protected-reason", "production database");
        assertThat(cliJson("node", "show", "guarded").path("protected_reason").asText())
                .isEqualTo("production database");
        cliFails("node", "undeploy", "guarded");
        cliFails("node", "delete", "guarded");
        cli("node", "unset", "guarded", "--protected");
        cli("node", "undeploy", "guarded", "--wait", "60");
    }

    @Test
    void theNodesSubResources() throws Exception {
        String node = fakeNode("busy");
        cli("port", "create", "52:54:00:00:20:01", "--node", node);

        cli("node", "vif", "attach", "busy", "vif-0001");
        assertThat(column(cliJson("node", "vif", "list", "busy"), "ID")).containsExactly("vif-0001");
        cliFails("node", "vif", "attach", "busy", "vif-0002");
        cli("node", "vif", "detach", "busy", "vif-0001");
        assertThat(cliJson("node", "vif", "list", "busy")).isEmpty();

        String raid = "{\"logical_disks\": [{\"size_gb\": 100, \"raid_level\": \"1\", \"is_root_volume\": true}]}";
        cli("node", "set", "busy", "--target-raid-config", raid);
        assertThat(cliJson("node", "show", "busy").path("target_raid_config").path("logical_disks").get(0)
                .path("raid_level").asText()).isEqualTo("1");
        cliFails("node", "set", "busy", "--target-raid-config", "{\"logical_disks\": [{\"raid_level\": \"42\"}]}");
        assertThat(cli("driver", "raid", "property", "list", "fake-hardware")).contains("raid_level");
        assertThat(cli("driver", "property", "list", "fake-hardware")).isNotBlank();

        cli("node", "console", "enable", "busy");
        assertThat(cliJson("node", "console", "show", "busy").path("console_enabled").asBoolean()).isTrue();
        cli("node", "console", "disable", "busy");
        assertThat(cliJson("node", "console", "show", "busy").path("console_enabled").asBoolean()).isFalse();

        cli("node", "power", "on", "busy");
        // Ironic's fake management has no NMI: refused as Ironic refuses it.
        assertThat(cliFails("node", "inject", "nmi", "busy")).contains("does not support inject_nmi");
        cli("node", "boot", "mode", "set", "busy", "uefi");
        cli("node", "secure", "boot", "on", "busy");
        cli("node", "secure", "boot", "off", "busy");
        cli("node", "boot", "device", "set", "busy", "pxe");
        assertThat(cliJson("node", "boot", "device", "show", "busy").path("boot_device").asText()).isEqualTo("pxe");

        assertThat(cli("node", "passthru", "list", "busy")).isNotBlank();
        // Ironic's fake vendor interface has node methods only; the driver-level list is empty but answered.
        cli("driver", "passthru", "list", "fake-hardware");
        cliJson("node", "bios", "setting", "list", "busy");
        assertThat(cliJson("node", "validate", "busy").toString()).contains("network", "storage");

        // A transition leaves a history record.
        cli("node", "manage", "busy", "--wait", "60");
        JsonNode history = cliJson("node", "history", "list", "busy");
        assertThat(history).isNotEmpty();
        String event = history.get(0).path("UUID").asText();
        assertThat(cliJson("node", "history", "get", "busy", event).path("uuid").asText()).isEqualTo(event);
    }

    @Test
    void allocationsPickAnAvailableNode() throws Exception {
        fakeNode("pool-1", "--resource-class", "baremetal-large");
        toAvailable("pool-1");
        JsonNode allocation = cliJson("allocation", "create", "--resource-class", "baremetal-large", "--name",
                "job-1", "--wait", "60");
        assertThat(allocation.path("state").asText()).isEqualTo("active");
        assertThat(allocation.path("node_uuid").asText()).isNotBlank();
        assertThat(column(cliJson("allocation", "list"), "Name")).containsExactly("job-1");
        cli("allocation", "set", "job-1", "--extra", "ticket=42");
        assertThat(cliJson("allocation", "show", "job-1").path("extra").path("ticket").asText()).isEqualTo("42");
        cli("allocation", "unset", "job-1", "--extra", "ticket");
        assertThat(cliJson("node", "show", "pool-1").path("allocation_uuid").asText())
                .isEqualTo(allocation.path("uuid").asText());

        // The CLI waits for the outcome and reports the failed allocation with its last_error.
        assertThat(cliFails("allocation", "create", "--resource-class", "nothing-like-it", "--name", "impossible",
                "--wait", "60")).contains("No available node matches resource class nothing-like-it");
        assertThat(cliJson("allocation", "show", "impossible").path("state").asText()).isEqualTo("error");

        cli("allocation", "delete", "job-1");
        assertThat(cliJson("node", "show", "pool-1").path("allocation_uuid").isNull()).isTrue();
    }
}
