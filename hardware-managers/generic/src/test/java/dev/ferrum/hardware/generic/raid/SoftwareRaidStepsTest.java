package dev.ferrum.hardware.generic.raid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.hardware.generic.GenericHardwareManager;
import dev.ferrum.hardware.generic.Probes;
import dev.ferrum.hardware.registry.HardwareManagerDiscovery;
import dev.ferrum.hardware.registry.HardwareManagerRegistry;
import dev.ferrum.hardware.registry.JsonProgress;
import dev.ferrum.hardware.generic.disk.BlockDeviceReader;
import dev.ferrum.hardware.spi.Answer;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.RootDeviceHints;
import dev.ferrum.protocol.inventory.Disk;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.HardwareManagerException;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.StepKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generic manager's RAID steps run as the agent runs them (through the registry, node and result as
 * JSON) on a fixture machine whose disks are files and whose commands are scripted: nothing touches a
 * real disk, and the test checks the exact parted/mdadm command lines.
 */
class SoftwareRaidStepsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path root;

    private final FakeCommandRunner commands = new FakeCommandRunner();

    private MachineContext machine(String... disks) throws IOException {
        Files.createDirectories(root.resolve("proc"));
        Files.createDirectories(root.resolve("dev"));
        for (String disk : disks) {
            Path block = Files.createDirectories(root.resolve("sys/block").resolve(disk));
            Files.writeString(block.resolve("size"), String.valueOf(100L * (1L << 30) / 512));
            Files.writeString(root.resolve("dev").resolve(disk), "");
        }
        return new MachineContext(root, commands);
    }

    private String dev(String name) throws IOException {
        return root.resolve("dev").resolve(name).toRealPath().toString();
    }

    private String md(String name) {
        return root.resolve("dev").resolve(name).toString();
    }

    private void ok(String... argv) {
        commands.answer(List.of(argv), "");
    }

    /** The manager's start-up scan for arrays to assemble (none here): the first call of a run with mdadm. */
    private static final List<String> SCAN = List.of("mdadm", "--examine", "--scan");

    private JsonNode run(MachineContext machine, StepKind kind, String step, String node, String args) throws IOException {
        if (commands.isAvailable("mdadm")) {
            commands.answer(SCAN, "");
        }
        return HardwareManagerRegistry.select(new HardwareManagerDiscovery.Discovered(
                        List.of(new GenericHardwareManager(m -> Probes.NONE)), List.of()), machine)
                .executeStep(kind, step, (ObjectNode) JSON.readTree(node), (ObjectNode) JSON.readTree(args),
                        JsonProgress.ignored())
                .value();
    }

    private static String node(String logicalDisks, String capabilities) {
        return "{\"uuid\": \"n1\", \"properties\": {\"capabilities\": \"" + capabilities + "\"},"
                + " \"target_raid_config\": {\"logical_disks\": " + logicalDisks + "}}";
    }

    @Test
    void createBuildsOnePartitionPerLogicalDiskOnEachHolderAndReportsTheRootHint() throws IOException {
        MachineContext machine = machine("sda", "sdb");
        String sda = dev("sda");
        String sdb = dev("sdb");
        for (String disk : List.of(sda, sdb)) {
            ok("parted", "-s", disk, "--", "mklabel", "msdos");
            ok("parted", "-s", "-a", "optimal", disk, "--", "mkpart", "primary", "1MiB", "10241MiB");
            ok("parted", "-s", "-a", "optimal", disk, "--", "mkpart", "primary", "10241MiB", "-1");
        }
        ok("mdadm", "--create", md("md0"), "--force", "--run", "--metadata=1", "--level=1", "--name=root",
                "--raid-devices=2", sda + "1", sdb + "1");
        ok("mdadm", "--create", md("md1"), "--force", "--run", "--metadata=1", "--level=0", "--name=md1",
                "--raid-devices=2", sda + "2", sdb + "2");

        JsonNode result = run(machine, StepKind.CLEAN, "create_configuration", node("""
                [{"raid_level": "1", "size_gb": 10, "controller": "software", "is_root_volume": true,
                  "volume_name": "root"},
                 {"raid_level": "0", "size_gb": "MAX", "controller": "software"}]""", "boot_mode:bios"), "{}");

        assertThat(commands.calls()).hasSize(1 + 8).first().isEqualTo(SCAN);
        JsonNode rootDisk = result.path("logical_disks").get(0);
        assertThat(rootDisk.path("raid_level").asText()).isEqualTo("1");
        assertThat(rootDisk.path("size_gb").asInt()).isEqualTo(10);
        assertThat(rootDisk.path("is_root_volume").asBoolean()).isTrue();
        assertThat(rootDisk.path("root_device_hint").path("name").asText()).isEqualTo("/dev/md0");
        JsonNode rest = result.path("logical_disks").get(1);
        assertThat(rest.path("size_gb").asText()).isEqualTo("MAX");
        assertThat(rest.path("volume_name").asText()).isEqualTo("md1");
        assertThat(rest.path("root_device_hint").isMissingNode() || rest.path("root_device_hint").isNull()).isTrue();
    }

    /**
     * Scripts a GPT on each of {@code names}, one partition of {@code perHolderMiB} from {@code startMiB}, and
     * md0 at {@code level} over them; returns the mdadm command line.
     */
    private List<String> scriptGptArray(List<String> names, long startMiB, long perHolderMiB, String level)
            throws IOException {
        List<String> create = new ArrayList<>(List.of("mdadm", "--create", md("md0"), "--force", "--run",
                "--metadata=1", "--level=" + level, "--name=md0", "--raid-devices=" + names.size()));
        for (String name : names) {
            String disk = dev(name);
            ok("parted", "-s", disk, "--", "mklabel", "gpt");
            ok("parted", "-s", "-a", "optimal", disk, "--", "mkpart", "primary", startMiB + "MiB",
                    (startMiB + perHolderMiB) + "MiB");
            create.add(disk + "1");
        }
        commands.answer(create, "");
        return create;
    }

    @Test
    void biosOnGptLeavesIpasEightMibForTheBiosBootPartition() throws IOException {
        MachineContext machine = machine("sda", "sdb");
        List<String> create = scriptGptArray(List.of("sda", "sdb"), 8, 2048, "1");

        run(machine, StepKind.CLEAN, "create_configuration", node("""
                [{"raid_level": "1", "size_gb": 2, "controller": "software"}]""", "boot_mode:bios,disk_label:gpt"), "{}");

        assertThat(commands.calls()).contains(create);
    }

    @Test
    void raid10OnUefiUsesGptAfterTheEspAndHalfTheSizePerPair() throws IOException {
        MachineContext machine = machine("sda", "sdb", "sdc", "sdd");
        // 20 GiB over two mirrored pairs: 10 GiB on each holder, after the 551 MiB kept for the ESP.
        List<String> create = scriptGptArray(List.of("sda", "sdb", "sdc", "sdd"), 551, 10240, "10");

        run(machine, StepKind.CLEAN, "create_configuration", node("""
                [{"raid_level": "1+0", "size_gb": 20, "controller": "software"}]""", "boot_mode:uefi"), "{}");

        assertThat(commands.calls()).contains(create);
    }

    @Test
    void refusesHardwareControllersUnsupportedLevelsAndTooFewDisksBeforeTouchingAnything() throws IOException {
        MachineContext machine = machine("sda");
        assertThatThrownBy(() -> run(machine, StepKind.CLEAN, "create_configuration", node("""
                [{"raid_level": "1", "size_gb": 10, "controller": "RAID.Integrated.1-1"}]""", ""), "{}"))
                .hasMessageContaining("controller 'RAID.Integrated.1-1'")
                .hasMessageContaining("software");
        assertThatThrownBy(() -> run(machine, StepKind.CLEAN, "create_configuration", node("""
                [{"raid_level": "5", "size_gb": 10, "controller": "software"}]""", ""), "{}"))
                .hasMessageContaining("RAID level 5");
        assertThatThrownBy(() -> run(machine, StepKind.CLEAN, "create_configuration", node("""
                [{"raid_level": "1", "size_gb": 10, "controller": "software"}]""", ""), "{}"))
                .hasMessageContaining("needs at least 2 disks but 1");
        assertThatThrownBy(() -> run(machine, StepKind.CLEAN, "create_configuration",
                "{\"uuid\": \"n1\"}", "{}"))
                .hasMessageContaining("target_raid_config");
        assertThat(commands.calls()).isEmpty();
    }

    @Test
    void refusesADiskOutsideDevWithoutRunningAnything() throws IOException {
        MachineContext machine = machine("sda", "sdb");
        Files.delete(root.resolve("dev/sdb"));
        assertThatThrownBy(() -> run(machine, StepKind.CLEAN, "create_configuration", node("""
                [{"raid_level": "1", "size_gb": 10, "controller": "software"}]""", ""), "{}"))
                .hasMessageContaining("refuses /dev/sdb");
        assertThat(commands.calls()).isEmpty();
    }

    @Test
    void deleteStopsEachMdDeviceZeroesItsMembersAndWipesTheHolders() throws IOException {
        MachineContext machine = machine("sda", "sdb");
        Files.writeString(root.resolve("dev/sda1"), "");
        Files.writeString(root.resolve("dev/sdb1"), "");
        Files.writeString(root.resolve("proc/mdstat"), """
                Personalities : [raid1]
                md0 : active raid1 sdb1[1] sda1[0]
                      10476544 blocks super 1.2 [2/2] [UU]

                unused devices: <none>
                """);
        ok("mdadm", "--stop", md("md0"));
        ok("mdadm", "--zero-superblock", dev("sdb1"));
        ok("mdadm", "--zero-superblock", dev("sda1"));
        ok("wipefs", "--all", "--force", dev("sdb"));
        ok("wipefs", "--all", "--force", dev("sda"));

        run(machine, StepKind.CLEAN, "delete_configuration", "{\"uuid\": \"n1\"}", "{}");

        assertThat(commands.calls()).hasSize(1 + 5).first().isEqualTo(SCAN);
        assertThat(commands.calls().get(1)).containsExactly("mdadm", "--stop", md("md0"));
    }

    @Test
    void aFailingCommandNamesTheDiskAndWhatToDo() throws IOException {
        MachineContext machine = machine("sda", "sdb");
        commands.answer(List.of("parted", "-s", dev("sda"), "--", "mklabel", "msdos"),
                new CommandResult(1, "", "Error: Partition(s) on /dev/sda are being used."));
        assertThatThrownBy(() -> run(machine, StepKind.CLEAN, "create_configuration", node("""
                [{"raid_level": "1", "size_gb": 10, "controller": "software"}]""", "boot_mode:bios"), "{}"))
                .isInstanceOf(HardwareManagerException.class)
                .hasMessageContaining("partition table on /dev/sda")
                .hasMessageContaining("being used")
                .hasMessageContaining("delete_configuration");
    }

    @Test
    void applyConfigurationIsADeployStepTakingTheConfigurationAsArgument() throws IOException {
        MachineContext machine = machine("sda", "sdb");
        String sda = dev("sda");
        String sdb = dev("sdb");
        for (String disk : List.of(sda, sdb)) {
            ok("parted", "-s", disk, "--", "mklabel", "msdos");
            ok("parted", "-s", "-a", "optimal", disk, "--", "mkpart", "primary", "1MiB", "-1");
        }
        ok("mdadm", "--create", md("md0"), "--force", "--run", "--metadata=1", "--level=1", "--name=md0",
                "--raid-devices=2", sda + "1", sdb + "1");

        JsonNode result = run(machine, StepKind.DEPLOY, "apply_configuration", "{\"uuid\": \"n1\", \"properties\":"
                + " {\"capabilities\": \"boot_mode:bios\"}}", """
                {"raid_config": {"logical_disks": [{"raid_level": "1", "size_gb": "MAX", "controller": "software",
                 "is_root_volume": true}]}, "delete_existing": false}""");

        assertThat(result.path("logical_disks").get(0).path("root_device_hint").path("name").asText())
                .isEqualTo("/dev/md0");
    }

    @Test
    void rootDeviceHintsPickARunningArrayButTheGuessStaysOnRealDisks() throws IOException {
        MachineContext machine = machine("sda", "sdb");
        Path md0 = Files.createDirectories(root.resolve("sys/block/md0"));
        Files.writeString(md0.resolve("size"), String.valueOf(50L * (1L << 30) / 512));
        Files.writeString(root.resolve("proc/mdstat"), "md0 : active raid1 sdb1[1] sda1[0]\n");
        GenericHardwareManager manager = new GenericHardwareManager(m -> Probes.NONE);
        List<Disk> inventory = BlockDeviceReader.read(machine);
        assertThat(inventory).extracting(Disk::name).containsExactly("/dev/sda", "/dev/sdb");

        Answer<Disk> hinted = manager.selectRootDevice(inventory,
                RootDeviceHints.parse(java.util.Map.of("name", "/dev/md0")), machine);
        Answer<Disk> guessed = manager.selectRootDevice(inventory, RootDeviceHints.NONE, machine);

        assertThat(hinted).isInstanceOfSatisfying(Answer.Answered.class,
                v -> assertThat(((Disk) ((Answer.Answered<?>) v).value()).name()).isEqualTo("/dev/md0"));
        assertThat(guessed).isInstanceOfSatisfying(Answer.Answered.class,
                v -> assertThat(((Disk) ((Answer.Answered<?>) v).value()).name()).isEqualTo("/dev/sda"));
    }
}
