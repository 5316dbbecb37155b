package dev.ferrum.hardware.example;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.hardware.registry.HardwareManagerDiscovery;
import dev.ferrum.hardware.registry.HardwareManagerRegistry;
import dev.ferrum.hardware.registry.JsonProgress;
import dev.ferrum.hardware.registry.OwnedStep;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.HardwareManager;
import dev.ferrum.hardware.spi.HardwareManagerException;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.Step;
import dev.ferrum.hardware.spi.StepKind;
import dev.ferrum.hardware.spi.SupportLevel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AcmeHardwareManagerTest {
    private static final List<String> RESET = List.of("acme-fwconfig", "--reset-defaults", "--yes");

    @TempDir
    Path root;

    private final FakeCommandRunner commands = new FakeCommandRunner();

    private MachineContext machine(String vendor, String assetTag) throws IOException {
        Path dmi = Files.createDirectories(root.resolve("sys/class/dmi/id"));
        Files.writeString(dmi.resolve("sys_vendor"), vendor + "\n");
        Files.writeString(dmi.resolve("chassis_asset_tag"), assetTag + "\n");
        return new MachineContext(root, commands);
    }

    /** Runs the clean step the way the agent does: through the registry, arguments and result as JSON. */
    private static JsonNode runCleanStep(MachineContext machine, String step, ObjectNode arguments) {
        return HardwareManagerRegistry.select(
                        new HardwareManagerDiscovery.Discovered(List.of(new AcmeHardwareManager()), List.of()), machine)
                .executeStep(StepKind.CLEAN, step, JsonNodeFactory.instance.objectNode(), arguments,
                        JsonProgress.ignored())
                .value();
    }

    private static JsonNode runCleanStep(MachineContext machine, String step) {
        return runCleanStep(machine, step, JsonNodeFactory.instance.objectNode());
    }

    @Test
    void claimsVendorSupportOnlyOnAcmeHardware() throws IOException {
        assertThat(new AcmeHardwareManager().evaluateSupport(machine("Acme Servers", "A-1")))
                .isEqualTo(SupportLevel.VENDOR);
        assertThat(new AcmeHardwareManager().evaluateSupport(machine("Dell Inc.", "A-1")))
                .isEqualTo(SupportLevel.NONE);
    }

    @Test
    void claimsNothingWhenDmiIsMissing() {
        assertThat(new AcmeHardwareManager().evaluateSupport(new MachineContext(root, commands)))
                .isEqualTo(SupportLevel.NONE);
    }

    @Test
    void addsTheAssetTagToTheInventory() throws IOException {
        var registry = HardwareManagerRegistry.select(
                new HardwareManagerDiscovery.Discovered(List.of(new AcmeHardwareManager()), List.of()),
                machine("Acme Servers", "RACK7-U12"));

        var collected = registry.collectInventory();

        assertThat(collected.inventory().extra().get("acme_asset_tag").asText()).isEqualTo("RACK7-U12");
        assertThat(collected.contributors()).containsEntry("extra.acme_asset_tag", "acme");
    }

    @Test
    void addsTheRaidBatteryOnTopOfTheGenericFacts() throws IOException {
        MachineContext machine = machine("Acme Servers", "RACK7-U12");
        Files.createDirectories(root.resolve("proc"));
        Files.writeString(root.resolve("proc/meminfo"), "MemTotal: 1048576 kB\n");
        Files.createDirectories(root.resolve("var/lib/acme-raid"));
        Files.writeString(root.resolve("var/lib/acme-raid/physical_disks"), "pd0 960\npd1 960\n");
        Files.writeString(root.resolve("var/lib/acme-raid/battery"), "state=optimal\ncharge=98\n");
        // Both managers, found as the agent finds them: the generic one fills the standard sections.
        var collected = HardwareManagerRegistry.select(
                HardwareManagerDiscovery.discover(getClass().getClassLoader()), machine).collectInventory();

        JsonNode battery = collected.inventory().extra().get("acme_raid_battery");
        assertThat(battery.get("state").asText()).isEqualTo("optimal");
        assertThat(battery.get("charge_percent").asInt()).isEqualTo(98);
        assertThat(collected.contributors()).containsEntry("extra.acme_raid_battery", "acme")
                .containsEntry("memory", "generic");
        assertThat(collected.inventory().memory().total()).isEqualTo(1L << 30);
    }

    @Test
    void noBatteryFactWithoutAReadableBattery() throws IOException {
        MachineContext machine = machine("Acme Servers", "A-1");
        Files.createDirectories(root.resolve("var/lib/acme-raid"));
        Files.writeString(root.resolve("var/lib/acme-raid/battery"), "charge=250\n");
        var collected = HardwareManagerRegistry.select(
                new HardwareManagerDiscovery.Discovered(List.of(new AcmeHardwareManager()), List.of()), machine)
                .collectInventory();
        assertThat(collected.inventory().extra()).doesNotContainKey("acme_raid_battery");
        Files.writeString(root.resolve("var/lib/acme-raid/battery"), "state=charging\ncharge=250\n");
        assertThat(new dev.ferrum.hardware.example.raid.AcmeRaidController(machine).battery()).isEmpty();
    }

    @Test
    void offersItsCleanStepsWithTheirPrioritiesAndTheRaidDeployStep() throws IOException {
        var manager = new AcmeHardwareManager();
        var registry = HardwareManagerRegistry.select(
                new HardwareManagerDiscovery.Discovered(List.of(manager), List.of()), machine("Acme Servers", "A-1"));

        assertThat(registry.steps(StepKind.CLEAN)).extracting(OwnedStep::step).first().satisfies(step -> {
            assertThat(step.step()).isEqualTo("reset_acme_firmware_settings");
            assertThat(step.priority()).isEqualTo(95);
            assertThat(step.rebootRequested()).isTrue();
        });
        // Besides the reset: update_firmware and the RAID steps, all priority 0 (on request only).
        assertThat(registry.steps(StepKind.CLEAN)).extracting(s -> s.step().interfaceName() + "." + s.step().step()
                + "@" + s.step().priority()).containsExactlyInAnyOrder("deploy.reset_acme_firmware_settings@95",
                "deploy.update_firmware@0", "raid.create_configuration@0", "raid.delete_configuration@0");
        assertThat(manager.steps(StepKind.DEPLOY)).extracting(Step::name)
                .containsExactly("update_firmware", "apply_configuration");
    }

    @Test
    void cleanStepRunsTheVendorToolAndReportsItsOutput() throws IOException {
        commands.answer(RESET, "defaults applied");
        MachineContext machine = machine("Acme Servers", "A-1");

        JsonNode result = runCleanStep(machine, "reset_acme_firmware_settings");

        assertThat(commands.calls()).containsExactly(RESET);
        assertThat(result.get("tool_output").asText()).isEqualTo("defaults applied");
    }

    @Test
    void aTypedArgumentReachesTheToolAndIsAdvertisedInArgsinfo() throws IOException {
        List<String> withProfile = List.of("acme-fwconfig", "--reset-defaults", "--yes", "--profile", "hpc");
        commands.answer(withProfile, "profile hpc applied");
        MachineContext machine = machine("Acme Servers", "A-1");

        JsonNode result = runCleanStep(machine, "reset_acme_firmware_settings",
                JsonNodeFactory.instance.objectNode().put("profile", "hpc"));

        assertThat(commands.calls()).containsExactly(withProfile);
        assertThat(result.get("firmware_settings").asText()).isEqualTo("hpc");
        var registry = HardwareManagerRegistry.select(
                new HardwareManagerDiscovery.Discovered(List.of(new AcmeHardwareManager()), List.of()), machine);
        assertThat(registry.steps(StepKind.CLEAN).getFirst().step().argsinfo().path("profile").path("required")
                .asBoolean(true)).isFalse();
    }

    @Test
    void aFailingVendorToolFailsTheStepWithAnActionableMessage() throws IOException {
        commands.answer(RESET, new CommandResult(3, "", "BMC busy"));
        MachineContext machine = machine("Acme Servers", "A-1");

        assertThatThrownBy(() -> runCleanStep(machine, "reset_acme_firmware_settings"))
                .isInstanceOf(HardwareManagerException.class)
                .hasMessageContaining("exit code 3")
                .hasMessageContaining("BMC busy")
                .hasMessageContaining("retry cleaning");
    }

    @Test
    void isFoundByServiceLoaderOnTheModulePath() {
        // Surefire runs this module's tests on the module path, so this goes through `provides`.
        assertThat(HardwareManager.class.getModule().isNamed()).isTrue();

        var discovered = HardwareManagerDiscovery.discover(AcmeHardwareManagerTest.class.getClassLoader());

        assertThat(discovered.failures()).isEmpty();
        assertThat(discovered.managers()).extracting(HardwareManager::name).contains("acme");
    }

    /** An Acme machine with a fake BMC firmware component at {@code version}, and an image for it. */
    private MachineContext withBmcFirmware(String version) throws IOException {
        MachineContext machine = machine("Acme Servers", "A-1");
        Path bmc = Files.createDirectories(root.resolve("sys/class/acme_firmware/bmc"));
        Files.writeString(bmc.resolve("version"), version + "\n");
        return machine;
    }

    private Path image(String content) throws IOException {
        return Files.writeString(root.resolve("fw-" + content.hashCode() + ".bin"), content);
    }

    private static String sha256(Path file) throws Exception {
        return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                .digest(Files.readAllBytes(file)));
    }

    @Test
    void updateFirmwareFlashesACheckedImageAndReportsBothVersions() throws Exception {
        MachineContext machine = withBmcFirmware("1.0.0");
        Path image = image("ACME-FW bmc 1.2.0\npayload\n");
        JsonNode result = runCleanStep(machine, "update_firmware", JsonNodeFactory.instance.objectNode()
                .put("url", image.toUri().toString()).put("checksum", "sha256:" + sha256(image)));
        assertThat(result.path("component").asText()).isEqualTo("bmc");
        assertThat(result.path("previous_version").asText()).isEqualTo("1.0.0");
        assertThat(result.path("current_version").asText()).isEqualTo("1.2.0");
        assertThat(Files.readString(root.resolve("sys/class/acme_firmware/bmc/version")).strip()).isEqualTo("1.2.0");
        var registry = HardwareManagerRegistry.select(
                new HardwareManagerDiscovery.Discovered(List.of(new AcmeHardwareManager()), List.of()), machine);
        JsonNode argsinfo = registry.steps(StepKind.DEPLOY).stream().map(OwnedStep::step)
                .filter(step -> step.step().equals("update_firmware")).findFirst().orElseThrow().argsinfo();
        assertThat(argsinfo.path("url").path("required").asBoolean(false)).isTrue();
        assertThat(argsinfo.path("component").path("required").asBoolean(true)).isFalse();
    }

    @Test
    void aBadChecksumOrAnImageForAnotherComponentFlashesNothing() throws Exception {
        MachineContext machine = withBmcFirmware("1.0.0");
        Path image = image("ACME-FW bios 2.0.0\n");
        assertThatThrownBy(() -> runCleanStep(machine, "update_firmware", JsonNodeFactory.instance.objectNode()
                .put("url", image.toUri().toString()).put("checksum", "00ff")))
                .isInstanceOf(HardwareManagerException.class).hasMessageContaining("not the 00ff given")
                .hasMessageContaining("nothing was flashed");
        assertThatThrownBy(() -> runCleanStep(machine, "update_firmware", JsonNodeFactory.instance.objectNode()
                .put("url", image.toUri().toString()).put("checksum", sha256(image))))
                .isInstanceOf(HardwareManagerException.class).hasMessageContaining("is for component bios, not bmc");
        assertThatThrownBy(() -> runCleanStep(machine, "update_firmware", JsonNodeFactory.instance.objectNode()
                .put("url", image.toUri().toString()).put("checksum", sha256(image)).put("component", "nic")))
                .isInstanceOf(HardwareManagerException.class).hasMessageContaining("no Acme firmware component 'nic'")
                .hasMessageContaining("components: [bmc]");
        assertThat(Files.readString(root.resolve("sys/class/acme_firmware/bmc/version")).strip()).isEqualTo("1.0.0");
    }
}
