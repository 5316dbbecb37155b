package dev.ferrum.hardware.example;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.hardware.registry.Dispatched;
import dev.ferrum.hardware.registry.HardwareManagerDiscovery;
import dev.ferrum.hardware.registry.HardwareManagerRegistry;
import dev.ferrum.hardware.registry.JsonProgress;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.HardwareManager;
import dev.ferrum.hardware.spi.HardwareManagerException;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.Step;
import dev.ferrum.hardware.spi.StepInterface;
import dev.ferrum.hardware.spi.StepKind;
import dev.ferrum.hardware.spi.StepProvider;
import dev.ferrum.hardware.spi.SupportLevel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hardware RAID through the SPI: on an Acme machine the example plugin's RAID steps outrank a
 * GENERIC manager's steps of the same name, build volumes on the fake controller (files under the
 * fixture root) and report them in the shape the conductor stores as raid_config.
 */
class AcmeRaidTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path root;

    /** Stands in for the generic manager: offers the same step names at GENERIC support and must not run. */
    static final class SoftwareRaidStandIn implements HardwareManager, StepProvider {
        @Override
        public String name() {
            return "generic";
        }

        @Override
        public String version() {
            return "1.0";
        }

        @Override
        public SupportLevel evaluateSupport(MachineContext machine) {
            return SupportLevel.GENERIC;
        }

        @Override
        public List<Step<?, ?>> steps(StepKind kind) {
            return List.of(Step.withoutArguments(kind == StepKind.CLEAN ? "create_configuration" : "apply_configuration",
                    0, context -> {
                        throw new AssertionError("the generic manager ran on Acme hardware");
                    }).onInterface(StepInterface.RAID));
        }
    }

    private MachineContext acmeWithController(int disks) throws IOException {
        Path dmi = Files.createDirectories(root.resolve("sys/class/dmi/id"));
        Files.writeString(dmi.resolve("sys_vendor"), "Acme Servers\n");
        Path raid = Files.createDirectories(root.resolve("var/lib/acme-raid"));
        StringBuilder physical = new StringBuilder();
        for (int i = 0; i < disks; i++) {
            physical.append("Disk.Bay.").append(i).append(" 900\n");
        }
        Files.writeString(raid.resolve("physical_disks"), physical);
        return new MachineContext(root, new FakeCommandRunner());
    }

    private Dispatched<JsonNode> run(MachineContext machine, StepKind kind, String step, String node, String args)
            throws IOException {
        return HardwareManagerRegistry.select(new HardwareManagerDiscovery.Discovered(
                        List.of(new SoftwareRaidStandIn(), new AcmeHardwareManager()), List.of()), machine)
                .executeStep(kind, step, (ObjectNode) JSON.readTree(node), (ObjectNode) JSON.readTree(args),
                        JsonProgress.ignored());
    }

    private static String node(String logicalDisks) {
        return "{\"uuid\": \"n1\", \"target_raid_config\": {\"logical_disks\": " + logicalDisks + "}}";
    }

    @Test
    void createBuildsOnTheControllerAndReportsTheVolumesAsRaidConfig() throws IOException {
        MachineContext machine = acmeWithController(4);

        Dispatched<JsonNode> done = run(machine, StepKind.CLEAN, "create_configuration", node("""
                [{"raid_level": "1", "size_gb": 100, "is_root_volume": true, "volume_name": "os"},
                 {"raid_level": "0", "size_gb": "MAX"}]"""), "{}");

        assertThat(done.manager()).isEqualTo("acme");
        JsonNode os = done.value().path("logical_disks").get(0);
        assertThat(os.path("controller").asText()).isEqualTo("Acme.RAID.Integrated.1");
        assertThat(os.path("physical_disks")).extracting(JsonNode::asText).containsExactly("Disk.Bay.0", "Disk.Bay.1");
        assertThat(os.path("root_device_hint").path("serial").asText()).isEqualTo("os");
        assertThat(done.value().path("logical_disks").get(1).path("physical_disks")).hasSize(2);
        assertThat(Files.readAllLines(root.resolve("var/lib/acme-raid/volumes")))
                .containsExactly("os 1 100 Disk.Bay.0,Disk.Bay.1", "acme-volume-1 0 MAX Disk.Bay.2,Disk.Bay.3");
    }

    @Test
    void deleteClearsTheControllerAndApplyBuildsFromItsArgument() throws IOException {
        MachineContext machine = acmeWithController(2);
        run(machine, StepKind.CLEAN, "create_configuration", node("[{\"raid_level\": \"1\", \"size_gb\": 10}]"), "{}");

        run(machine, StepKind.CLEAN, "delete_configuration", "{\"uuid\": \"n1\"}", "{}");
        assertThat(Files.readAllLines(root.resolve("var/lib/acme-raid/volumes"))).isEmpty();

        Dispatched<JsonNode> applied = run(machine, StepKind.DEPLOY, "apply_configuration", "{\"uuid\": \"n1\"}",
                "{\"raid_config\": {\"logical_disks\": [{\"raid_level\": \"0\", \"size_gb\": 50}]}}");
        assertThat(applied.manager()).isEqualTo("acme");
        assertThat(applied.value().path("logical_disks").get(0).path("volume_name").asText()).isEqualTo("acme-volume-0");
    }

    @Test
    void refusesSoftwareControllersUnknownLevelsAndTooFewDisksLeavingTheControllerAsItWas() throws IOException {
        MachineContext machine = acmeWithController(2);
        assertThatThrownBy(() -> run(machine, StepKind.CLEAN, "create_configuration",
                node("[{\"raid_level\": \"1\", \"size_gb\": 10, \"controller\": \"software\"}]"), "{}"))
                .isInstanceOf(HardwareManagerException.class).hasMessageContaining("controller 'software'");
        assertThatThrownBy(() -> run(machine, StepKind.CLEAN, "create_configuration",
                node("[{\"raid_level\": \"6\", \"size_gb\": 10}]"), "{}"))
                .hasMessageContaining("RAID level 6");
        assertThatThrownBy(() -> run(machine, StepKind.CLEAN, "create_configuration",
                node("[{\"raid_level\": \"1\", \"size_gb\": 10}, {\"raid_level\": \"1\", \"size_gb\": 10}]"), "{}"))
                .hasMessageContaining("needs 2 physical disks but 0 are free");
        assertThat(root.resolve("var/lib/acme-raid/volumes")).doesNotExist();
    }
}
