package dev.ferrum.conductor.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.driver.boot.FakeBoot;
import dev.ferrum.conductor.driver.deploy.DeployStyle;
import dev.ferrum.conductor.driver.hardware.HardwareTypes;
import dev.ferrum.conductor.driver.inspect.InspectStyle;
import dev.ferrum.conductor.driver.power.FakePower;
import dev.ferrum.conductor.driver.power.NoopPower;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeInterfaces;
import dev.ferrum.conductor.node.PowerState;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DriverRegistryTest {
    private final DriverRegistry registry = new DriverRegistry(
            DriverConfig.of(List.of("fake-hardware", "manual-management"), "conductor-1"),
            HardwareTypes.builtIn(), InterfaceCatalog.withFakesAndNoops());

    @Test
    void unsetSlotsTakeTheHardwareTypesFirstEnabledImplementation() {
        DriverBundle bundle = registry.bundleFor(TestNodes.node("fake-hardware", Map.of()));

        assertThat(bundle.power()).isInstanceOf(FakePower.class);
        assertThat(bundle.boot()).isInstanceOf(FakeBoot.class);
        assertThat(bundle.deploy().style()).isEqualTo(DeployStyle.IMMEDIATE);
        assertThat(bundle.inspect().style()).isEqualTo(InspectStyle.IMMEDIATE);
        // Ironic's fake-hardware takes fake first in its console slot too (issue 9; it was no-console).
        assertThat(bundle.interfaces().get(InterfaceKind.CONSOLE)).contains("fake");
        assertThat(bundle.validate(TestNodes.node("fake-hardware", Map.of())).values()).allMatch(Validation::isValid);
    }

    @Test
    void manualManagementDefaultsToNoopManagementAndDirectDeploy() {
        Node node = TestNodes.node("manual-management", Map.of());
        DriverBundle bundle = registry.bundleFor(node);

        assertThat(bundle.management().name()).isEqualTo("noop");
        assertThat(bundle.deploy().name()).isEqualTo("direct");
        // ipxe/pxe were not built in this catalog, so the first enabled boot interface is fake.
        assertThat(bundle.boot().name()).isEqualTo("fake");
        assertThat(bundle.validate(node).get(InterfaceKind.DEPLOY).failure())
                .contains("driver_info is missing deploy_kernel, deploy_ramdisk");
        // Ironic's noop management passes validation: the boot order is the operator's (issue 9; it used to fail).
        assertThat(bundle.validate(node).get(InterfaceKind.MANAGEMENT).isValid()).isTrue();
    }

    @Test
    void aChosenInterfaceTheTypeAllowsIsUsed() {
        Node node = TestNodes.node("fake-hardware", Map.of(),
                NodeInterfaces.none().with(InterfaceKind.POWER, "noop").with(InterfaceKind.INSPECT, "no-inspect"));
        DriverBundle bundle = registry.bundleFor(node);

        assertThat(bundle.power()).isInstanceOf(NoopPower.class);
        assertThat(bundle.validate(node).get(InterfaceKind.POWER).failure()).hasValueSatisfying(
                reason -> assertThat(reason).contains("no power interface"));
        assertThatThrownBy(() -> bundle.power().powerOn(node)).isInstanceOf(DriverException.class)
                .hasMessageContaining("node=" + node.uuid());
        assertThat(bundle.inspect().style()).isEqualTo(InspectStyle.NONE);
    }

    @Test
    void anInterfaceTheTypeDoesNotSupportIsRefusedWithTheChoices() {
        Node node = TestNodes.node("manual-management", Map.of(),
                NodeInterfaces.none().with(InterfaceKind.POWER, "ipmitool"));

        assertThatThrownBy(() -> registry.bundleFor(node)).isInstanceOf(InvalidInputException.class)
                .hasMessage("power_interface 'ipmitool' is not supported by hardware type 'manual-management'; "
                        + "choose one of [fake] or leave it unset for the default 'fake'");
    }

    @Test
    void anInterfaceThatIsNotEnabledIsRefused() {
        DriverRegistry restricted = new DriverRegistry(
                DriverConfig.of(List.of("fake-hardware"), "c1").enabling(InterfaceKind.DEPLOY, List.of("direct")),
                HardwareTypes.builtIn(), InterfaceCatalog.withFakesAndNoops());
        Node node = TestNodes.node("fake-hardware", Map.of(), NodeInterfaces.none().with(InterfaceKind.DEPLOY, "fake"));

        assertThatThrownBy(() -> restricted.bundleFor(node)).hasMessageContaining("'fake' is not enabled");
        assertThat(restricted.bundleFor(TestNodes.node("fake-hardware", Map.of())).deploy().name()).isEqualTo("direct");
    }

    @Test
    void anUnknownOrDisabledDriverIsRefused() {
        assertThatThrownBy(() -> registry.bundleFor(TestNodes.node("ipmi", Map.of())))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("Driver 'ipmi' is not enabled")
                .hasMessageContaining("[fake-hardware, manual-management]");
    }

    @Test
    void resolveFillsEverySlot() {
        NodeInterfaces resolved = registry.resolve("fake-hardware", NodeInterfaces.none());

        for (InterfaceKind kind : InterfaceKind.values()) {
            assertThat(resolved.get(kind)).as(kind.fieldName()).isPresent();
        }
    }

    @Test
    void driversListsEnabledTypesWithDefaultsAndEnabledInterfaces() {
        List<DriverDescription> drivers = registry.drivers();

        assertThat(drivers).extracting(DriverDescription::name).containsExactly("fake-hardware", "manual-management");
        DriverDescription fake = registry.driver("fake-hardware").orElseThrow();
        assertThat(fake.hosts()).containsExactly("conductor-1");
        assertThat(fake.type()).isEqualTo("dynamic");
        assertThat(fake.defaultFor(InterfaceKind.POWER)).isEqualTo("fake");
        assertThat(fake.enabledFor(InterfaceKind.POWER)).containsExactly("fake", "noop");
        assertThat(fake.enabledFor(InterfaceKind.INSPECT)).containsExactly("fake", "no-inspect", "agent");
        assertThat(registry.driver("redfish")).isEmpty();
    }

    @Test
    void aTypeWhoseSlotHasNoBuiltImplementationStopsTheConductor() {
        assertThatThrownBy(() -> new DriverRegistry(DriverConfig.of(List.of("ipmi"), "c1"), HardwareTypes.builtIn(),
                InterfaceCatalog.withFakesAndNoops()))
                .isInstanceOf(DriverException.class)
                .hasMessageContaining("hardware type 'ipmi' has no enabled boot_interface; enable one of [ipxe, pxe]");
        assertThatThrownBy(() -> new DriverRegistry(
                DriverConfig.of(List.of("fake-hardware"), "c1").enabling(InterfaceKind.POWER, List.of("redfish")),
                HardwareTypes.builtIn(), InterfaceCatalog.withFakesAndNoops()))
                .hasMessageContaining("enabled power_interface 'redfish' was not built");
        assertThatThrownBy(() -> new DriverRegistry(DriverConfig.of(List.of("oneview"), "c1"), HardwareTypes.builtIn(),
                InterfaceCatalog.withFakesAndNoops())).hasMessageContaining("'oneview' is unknown");
    }

    @Test
    void fakePowerRemembersPerNode() {
        Node a = TestNodes.node("fake-hardware", Map.of());
        Node b = TestNodes.node("fake-hardware", Map.of());
        DriverBundle bundle = registry.bundleFor(a);

        bundle.power().powerOn(a);

        assertThat(bundle.power().powerState(a)).isEqualTo(PowerState.POWER_ON);
        assertThat(bundle.power().powerState(b)).isEqualTo(PowerState.POWER_OFF);
    }
}
