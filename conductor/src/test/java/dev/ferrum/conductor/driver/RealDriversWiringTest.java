package dev.ferrum.conductor.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.driver.boot.BootConfig;
import dev.ferrum.conductor.driver.boot.InMemoryBootScripts;
import dev.ferrum.conductor.driver.boot.NetworkBoot;
import dev.ferrum.conductor.driver.command.ProcessCommandRunner;
import dev.ferrum.conductor.driver.hardware.HardwareTypes;
import dev.ferrum.conductor.driver.inspect.HttpInspectorClient;
import dev.ferrum.conductor.driver.inspect.InspectorConfig;
import dev.ferrum.conductor.driver.inspect.InspectorInspect;
import dev.ferrum.conductor.driver.ipmi.IpmiConfig;
import dev.ferrum.conductor.driver.ipmi.IpmiTool;
import dev.ferrum.conductor.driver.ipmi.IpmitoolManagement;
import dev.ferrum.conductor.driver.ipmi.IpmitoolPower;
import dev.ferrum.conductor.driver.redfish.RedfishClient;
import dev.ferrum.conductor.driver.redfish.RedfishConfig;
import dev.ferrum.conductor.driver.redfish.RedfishManagement;
import dev.ferrum.conductor.driver.redfish.RedfishPower;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeInterfaces;
import dev.ferrum.pxe.script.HttpUrl;
import dev.ferrum.pxe.script.LocalBootMethod;
import dev.ferrum.pxe.script.RetryPolicy;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The object graph Main builds: every hardware type enabled with the real implementations. */
class RealDriversWiringTest {

    private static DriverRegistry registry() {
        IpmiConfig ipmi = IpmiConfig.defaults();
        IpmiTool tool = new IpmiTool(ipmi, new ProcessCommandRunner());
        RedfishConfig redfishConfig = RedfishConfig.defaults();
        RedfishClient redfish = new RedfishClient(redfishConfig);
        BootConfig boot = new BootConfig(HttpUrl.of("http://10.0.0.1:6385"), HttpUrl.of("http://10.0.0.1:6385/v1/continue"),
                HttpUrl.of("http://10.0.0.1:8080/boot/files"), List.of(), RetryPolicy.standard(), LocalBootMethod.SANBOOT);
        InMemoryBootScripts scripts = new InMemoryBootScripts();
        InspectorConfig inspector = InspectorConfig.of(URI.create("http://127.0.0.1:5050"));
        InterfaceCatalog catalog = InterfaceCatalog.withFakesAndNoops()
                .power(new IpmitoolPower(tool, ipmi)).management(new IpmitoolManagement(tool, ipmi))
                .power(new RedfishPower(redfish, redfishConfig)).management(new RedfishManagement(redfish))
                .boot(new NetworkBoot("ipxe", boot, scripts, Optional.empty()))
                .boot(new NetworkBoot("pxe", boot, scripts, Optional.empty()))
                .inspect(new InspectorInspect(inspector, new HttpInspectorClient(inspector)));
        return new DriverRegistry(DriverConfig.of(List.of("ipmi", "redfish", "manual-management", "fake-hardware"),
                "conductor-1"), HardwareTypes.builtIn(), catalog);
    }

    @Test
    void ipmiNodesGetIpmitoolIpxeDirectAndInspector() {
        Node node = TestNodes.node("ipmi", Map.of("ipmi_address", "10.0.0.5", "deploy_kernel", "k",
                "deploy_ramdisk", "r"));
        DriverBundle bundle = registry().bundleFor(node);

        assertThat(bundle.power().name()).isEqualTo("ipmitool");
        assertThat(bundle.management().name()).isEqualTo("ipmitool");
        assertThat(bundle.boot().name()).isEqualTo("ipxe");
        assertThat(bundle.deploy().name()).isEqualTo("direct");
        assertThat(bundle.inspect().name()).isEqualTo("inspector");
        assertThat(bundle.validate(node).values()).allMatch(Validation::isValid);
    }

    @Test
    void redfishNodesMayChoosePxeAndAgentInspection() {
        Node node = TestNodes.node("redfish", Map.of(), NodeInterfaces.none()
                .with(InterfaceKind.BOOT, "pxe").with(InterfaceKind.INSPECT, "agent"));
        DriverBundle bundle = registry().bundleFor(node);

        assertThat(bundle.power().name()).isEqualTo("redfish");
        assertThat(bundle.boot().name()).isEqualTo("pxe");
        assertThat(bundle.inspect().name()).isEqualTo("agent");
        assertThat(bundle.validate(node).get(InterfaceKind.POWER).failure())
                .contains("driver_info is missing redfish_address, redfish_username, redfish_password");
    }

    @Test
    void theDriversListShowsEveryEnabledType() {
        DriverRegistry registry = registry();

        assertThat(registry.drivers()).extracting(DriverDescription::name)
                .containsExactly("ipmi", "redfish", "manual-management", "fake-hardware");
        DriverDescription ipmi = registry.driver("ipmi").orElseThrow();
        assertThat(ipmi.enabledFor(InterfaceKind.BOOT)).containsExactly("ipxe", "pxe");
        assertThat(ipmi.defaultFor(InterfaceKind.INSPECT)).isEqualTo("inspector");
        assertThat(ipmi.defaultFor(InterfaceKind.RAID)).isEqualTo("no-raid");
    }
}
