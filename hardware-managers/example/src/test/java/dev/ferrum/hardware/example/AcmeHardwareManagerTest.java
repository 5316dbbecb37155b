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
    void offersItsCleanStepsWithTheirPrioritiesAndTheRaidDeployStep() throws IOException {
        var manager = new AcmeHardwareManager();
        var registry = HardwareManagerRegistry.select(
                new HardwareManagerDiscovery.Discovered(List.of(manager), List.of()), machine("Acme Servers", "A-1"));

        assertThat(registry.steps(StepKind.CLEAN)).extracting(OwnedStep::step).first().satisfies(step -> {
            assertThat(step.step()).isEqualTo("reset_acme_firmware_settings");
            assertThat(step.priority()).isEqualTo(95);
            assertThat(step.rebootRequested()).isTrue();
        });
        assertThat(registry.steps(StepKind.CLEAN)).extracting(s -> s.step().interfaceName() + "." + s.step().step())
                .containsExactlyInAnyOrder("deploy.reset_acme_firmware_settings", "raid.create_configuration",
                        "raid.delete_configuration");
        assertThat(manager.steps(StepKind.DEPLOY)).extracting(s -> s.name()).containsExactly("apply_configuration");
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
}
