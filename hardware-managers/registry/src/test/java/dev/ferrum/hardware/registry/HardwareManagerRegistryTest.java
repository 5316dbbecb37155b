package dev.ferrum.hardware.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.ferrum.hardware.registry.HardwareManagerDiscovery.Discovered;
import dev.ferrum.hardware.spi.Answer;
import dev.ferrum.hardware.spi.BmcAddressReader;
import dev.ferrum.hardware.spi.BmcAddresses;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.HardwareManager;
import dev.ferrum.hardware.spi.InventoryDraft;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.StepKind;
import dev.ferrum.hardware.spi.SupportLevel;
import dev.ferrum.protocol.inventory.Disk;
import dev.ferrum.protocol.inventory.NetworkInterface;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HardwareManagerRegistryTest {
    private final MachineContext machine = new MachineContext(Path.of("/nonexistent-fixture"), new FakeCommandRunner());

    private HardwareManagerRegistry select(HardwareManager... managers) {
        return HardwareManagerRegistry.select(new Discovered(List.of(managers), List.of()), machine);
    }

    @Test
    void ordersBySupportDescendingThenNameAndDropsUnsupported() {
        var zeta = new TestManager("zeta", SupportLevel.GENERIC);
        var alpha = new TestManager("alpha", SupportLevel.GENERIC);
        var vendor = new TestManager("vendor", SupportLevel.VENDOR);
        var mainline = new TestManager("mainline", SupportLevel.MAINLINE);
        var foreign = new TestManager("foreign", SupportLevel.NONE);

        var registry = select(zeta, alpha, foreign, vendor, mainline);

        assertThat(registry.managers()).extracting(SelectedManager::name)
                .containsExactly("vendor", "mainline", "alpha", "zeta");
        assertThat(registry.unsupported()).containsExactly("foreign");
        assertThat(foreign.calls).containsExactly("evaluate");
        assertThat(vendor.calls).containsExactly("evaluate", "initialise");
    }

    @Test
    void aManagerThatFailsToEvaluateOrInitialiseIsReportedAndTheOthersStay() {
        var broken = new TestManager("broken", SupportLevel.VENDOR);
        broken.failOnEvaluate = new IllegalStateException("dmi unreadable");
        var fragile = new TestManager("fragile", SupportLevel.MAINLINE);
        fragile.failOnInitialise = new IllegalStateException("firmware tool missing");
        var generic = new TestManager("generic", SupportLevel.GENERIC);

        var registry = select(broken, fragile, generic);

        assertThat(registry.managers()).extracting(SelectedManager::name).containsExactly("generic");
        assertThat(registry.failures()).extracting(ProviderFailure::problem)
                .anySatisfy(p -> assertThat(p).contains("evaluating support").contains("dmi unreadable"))
                .anySatisfy(p -> assertThat(p).contains("initialising").contains("firmware tool missing"));
    }

    @Test
    void discoveryFailuresAreCarriedIntoTheRegistry() {
        var failure = new ProviderFailure("com.acme.Broken", "constructor threw");
        var registry = HardwareManagerRegistry.select(
                new Discovered(List.of(new TestManager("generic", SupportLevel.GENERIC)), List.of(failure)), machine);

        assertThat(registry.failures()).containsExactly(failure);
    }

    @Test
    void dispatchFirstReturnsTheBestManagerThatAnswers() {
        var vendor = new TestManager("vendor", SupportLevel.VENDOR);
        var generic = new TestManager("generic", SupportLevel.GENERIC);
        generic.bmc = Answer.of(new BmcAddresses(Optional.of("10.0.0.5"), Optional.empty(), Optional.empty()));

        Dispatched<BmcAddresses> answer = select(generic, vendor)
                .dispatchFirst(BmcAddressReader.class, "read the BMC address", r -> r.readBmcAddresses(machine));

        assertThat(answer.manager()).isEqualTo("generic");
        assertThat(answer.value().ipv4()).contains("10.0.0.5");
        assertThat(vendor.calls).contains("bmc");
    }

    @Test
    void whenNoManagerCanTheErrorListsEachAndWhy() {
        var vendor = new TestManager("vendor", SupportLevel.VENDOR);
        vendor.bmc = Answer.declined("BMC disabled in firmware");
        var plain = new HardwareManager() {
            @Override
            public String name() {
                return "plain";
            }

            @Override
            public String version() {
                return "1";
            }

            @Override
            public SupportLevel evaluateSupport(MachineContext m) {
                return SupportLevel.GENERIC;
            }
        };

        var registry = select(vendor, plain);

        assertThatThrownBy(() -> registry.dispatchFirst(BmcAddressReader.class, "read the BMC address",
                r -> r.readBmcAddresses(machine)))
                .isInstanceOfSatisfying(NoManagerCouldException.class, e -> assertThat(e.declinations())
                        .extracting(NoManagerCouldException.Declination::manager).containsExactly("vendor", "plain"))
                .hasMessageContaining("no hardware manager could read the BMC address")
                .hasMessageContaining("vendor (BMC disabled in firmware)")
                .hasMessageContaining("plain (does not implement BmcAddressReader)");
    }

    @Test
    void dispatchAllReturnsEveryAnswerBestFirst() {
        var vendor = new TestManager("vendor", SupportLevel.VENDOR);
        vendor.bmc = Answer.of(new BmcAddresses(Optional.of("10.0.0.1"), Optional.empty(), Optional.empty()));
        var silent = new TestManager("silent", SupportLevel.MAINLINE);
        var generic = new TestManager("generic", SupportLevel.GENERIC);
        generic.bmc = Answer.of(new BmcAddresses(Optional.of("10.0.0.2"), Optional.empty(), Optional.empty()));

        var answers = select(generic, silent, vendor).dispatchAll(BmcAddressReader.class, r -> r.readBmcAddresses(machine));

        assertThat(answers).extracting(Dispatched::manager).containsExactly("vendor", "generic");
    }

    @Test
    void inventorySectionsComeFromTheBestSupportedContributor() {
        var vendor = new TestManager("vendor", SupportLevel.VENDOR);
        vendor.disks = Optional.of(List.of(Disk.of("/dev/nvme0n1", 960L << 30, false)));
        var generic = new TestManager("generic", SupportLevel.GENERIC);
        generic.cpu = Optional.of(TestManager.cpu(8));
        generic.disks = Optional.of(List.of(Disk.of("/dev/sda", 500L << 30, true)));
        generic.bmc = Answer.of(new BmcAddresses(Optional.of("192.0.2.9"), Optional.empty(), Optional.of("aa:bb:cc:dd:ee:ff")));

        var collected = select(generic, vendor).collectInventory();

        assertThat(collected.inventory().disks()).extracting(Disk::name).containsExactly("/dev/nvme0n1");
        assertThat(collected.inventory().cpu().count()).isEqualTo(8);
        assertThat(collected.inventory().bmcAddress()).contains("192.0.2.9");
        assertThat(collected.inventory().bmcMac()).contains("aa:bb:cc:dd:ee:ff");
        assertThat(collected.contributors())
                .containsEntry("disks", "vendor")
                .containsEntry("cpu", "generic")
                .containsEntry("bmc", "generic");
        assertThat(collected.failures()).isEmpty();
    }

    @Test
    void aFailingContributorIsReportedAndTheInventoryIsStillBuilt() {
        var vendor = new TestManager("vendor", SupportLevel.VENDOR);
        vendor.failOnContribute = new IllegalStateException("vendor tool crashed");
        var generic = new TestManager("generic", SupportLevel.GENERIC);
        generic.cpu = Optional.of(TestManager.cpu(4));

        var collected = select(generic, vendor).collectInventory();

        assertThat(collected.inventory().cpu().count()).isEqualTo(4);
        assertThat(collected.failures()).singleElement()
                .satisfies(f -> assertThat(f.problem()).contains("vendor tool crashed"));
    }

    @Test
    void theLookupsInterfacesComeFromTheBestContributorThatAnswers() {
        var vendor = new TestManager("vendor", SupportLevel.VENDOR);
        vendor.failOnContribute = new IllegalStateException("vendor tool crashed");
        var generic = new TestManager("generic", SupportLevel.GENERIC);
        generic.interfaces = Optional.of(List.of(new NetworkInterface("eth0", "52:54:00:00:00:01",
                Optional.empty(), Optional.empty(), true, Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty())));
        generic.cpu = Optional.of(TestManager.cpu(4));

        var interfaces = select(generic, vendor).collectNetworkInterfaces();

        assertThat(interfaces).extracting(NetworkInterface::macAddress).containsExactly("52:54:00:00:00:01");
        // Without a cheaper answer of its own, a contributor's full contribution is asked.
        assertThat(vendor.calls).contains("contribute");
    }

    @Test
    void stepsMergeBySupportThenPriorityThenNameKeepingTheBestOwnerPerName() {
        var vendor = new TestManager("vendor", SupportLevel.VENDOR);
        vendor.cleanSteps = List.of(vendor.step("erase_devices", 5), vendor.step("update_firmware", 50));
        var generic = new TestManager("generic", SupportLevel.GENERIC);
        generic.cleanSteps = List.of(generic.step("erase_devices", 10), generic.step("erase_devices_metadata", 99),
                generic.step("burnin_cpu", 0), generic.step("apply_defaults", 0));

        var steps = select(generic, vendor).steps(StepKind.CLEAN);

        assertThat(steps).extracting(s -> s.step().step() + "@" + s.manager() + ":" + s.step().priority())
                .containsExactly(
                        "update_firmware@vendor:50",
                        "erase_devices@vendor:5",
                        "erase_devices_metadata@generic:99",
                        "apply_defaults@generic:0",
                        "burnin_cpu@generic:0");
    }

    @Test
    void executeStepRunsItOnTheManagerThatOwnsItAfterMerging() {
        var vendor = new TestManager("vendor", SupportLevel.VENDOR);
        vendor.cleanSteps = List.of(vendor.step("erase_devices", 5));
        var generic = new TestManager("generic", SupportLevel.GENERIC);
        generic.cleanSteps = List.of(generic.step("erase_devices", 10));
        var node = JsonNodeFactory.instance.objectNode();

        var result = select(generic, vendor).executeStep(StepKind.CLEAN, "erase_devices", node, node, JsonProgress.ignored());

        assertThat(result.manager()).isEqualTo("vendor");
        assertThat(result.value().asText()).isEqualTo("vendor ran erase_devices");
        assertThat(generic.calls).doesNotContain("execute erase_devices");
    }

    @Test
    void anUnknownStepNamesWhatEachManagerOffers() {
        var generic = new TestManager("generic", SupportLevel.GENERIC);
        generic.cleanSteps = List.of(generic.step("erase_devices", 10));
        var node = JsonNodeFactory.instance.objectNode();

        assertThatThrownBy(() -> select(generic).executeStep(StepKind.CLEAN, "flash_bios", node, node, JsonProgress.ignored()))
                .isInstanceOf(NoManagerCouldException.class)
                .hasMessageContaining("run clean step 'flash_bios'")
                .hasMessageContaining("generic (offers [erase_devices])");
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void stepsOfAPluginBuiltBeforeTypedStepsAreLeftOutAndTheOthersListed() {
        var stale = new TestManager("stale", SupportLevel.VENDOR);
        // What an old jar's steps() hands back after erasure: wire step dicts, not declarations.
        stale.cleanSteps = (List) List.of(dev.ferrum.protocol.step.Step.deploy("old_step", 50));
        var generic = new TestManager("generic", SupportLevel.GENERIC);
        generic.cleanSteps = List.of(generic.step("erase_devices", 10));

        assertThat(select(generic, stale).steps(StepKind.CLEAN)).extracting(s -> s.step().step())
                .containsExactly("erase_devices");
    }

    @Test
    void aContributorBuiltAgainstAnotherSpiIsReportedAndTheInventoryIsStillBuilt() {
        var stale = new TestManager("stale", SupportLevel.VENDOR) {
            @Override
            public void contribute(InventoryDraft draft, MachineContext machine) {
                // What an old plugin jar meets calling a method whose owner changed shape.
                throw new IncompatibleClassChangeError("Found interface InventoryDraft, but class was expected");
            }
        };
        var generic = new TestManager("generic", SupportLevel.GENERIC);
        generic.cpu = Optional.of(TestManager.cpu(2));

        var collected = select(generic, stale).collectInventory();

        assertThat(collected.inventory().cpu().count()).isEqualTo(2);
        assertThat(collected.failures()).singleElement()
                .satisfies(f -> assertThat(f.problem()).contains("IncompatibleClassChangeError"));
    }
}
