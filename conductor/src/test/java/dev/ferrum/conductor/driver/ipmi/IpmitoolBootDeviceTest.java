package dev.ferrum.conductor.driver.ipmi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.driver.TestNodes;
import dev.ferrum.conductor.driver.command.Command;
import dev.ferrum.conductor.driver.management.BootDevice;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What ipmitool is asked to send when a boot device is set, per boot mode and driver_info, as Ironic sends it. */
class IpmitoolBootDeviceTest {
    private static final IpmiConfig CONFIG = new IpmiConfig("ipmitool", 3, Duration.ofSeconds(5), 1,
            Duration.ZERO, Duration.ZERO, 4, Duration.ofSeconds(5), Duration.ofMillis(10));
    private static final List<String> TIMEOUT_OFF = List.of("raw", "0x00", "0x08", "0x03", "0x08");
    private final ScriptedRunner runner = new ScriptedRunner().then(0, "", "");
    private final IpmitoolManagement management = new IpmitoolManagement(new IpmiTool(CONFIG, runner), CONFIG);

    @Test
    void withNoBootModeSetTheNodeIsUefiAndGetsRawEfiBootFlagsAfterTheTimeoutIsCleared() {
        management.setBootDevice(node(Map.of(), Map.of()), BootDevice.PXE, false);
        management.setBootDevice(node(Map.of(), Map.of()), BootDevice.DISK, true);

        assertThat(sent()).containsExactly(TIMEOUT_OFF,
                List.of("raw", "0x00", "0x08", "0x05", "0xa0", "0x04", "0x00", "0x00", "0x00"), TIMEOUT_OFF,
                List.of("raw", "0x00", "0x08", "0x05", "0xe0", "0x08", "0x00", "0x00", "0x00"));
    }

    @Test
    void aBiosNodeGetsChassisBootdev() {
        management.setBootDevice(node(Map.of("capabilities", "boot_mode:bios"), Map.of()), BootDevice.PXE, true);

        assertThat(sent()).containsExactly(TIMEOUT_OFF, List.of("chassis", "bootdev", "pxe", "options=persistent"));
    }

    @Test
    void theTimeoutIsLeftAloneWhenDriverInfoSaysSo() {
        management.setBootDevice(node(Map.of("capabilities", "boot_mode:bios"),
                Map.of("ipmi_disable_boot_timeout", "false")), BootDevice.CDROM, false);

        assertThat(sent()).containsExactly(List.of("chassis", "bootdev", "cdrom"));
    }

    @Test
    void aSupermicroBoardInUefiModeBootsItsDiskUnderItsOwnSelector() {
        management.setBootDevice(node(Map.of("vendor", "Supermicro"), Map.of()), BootDevice.DISK, true);

        assertThat(sent().getLast()).containsExactly("raw", "0x00", "0x08", "0x05", "0xe0", "0x24", "0x00", "0x00",
                "0x00");
    }

    @Test
    void aModeThatContradictsTheNodesCapabilityIsRefusedBeforeTheBmcIsCalled() {
        Node node = node(Map.of("capabilities", "boot_mode:bios"), Map.of());
        ObjectNode instance = JsonNodeFactory.instance.objectNode().put("capabilities", "{\"boot_mode\": \"uefi\"}");
        Node contradicting = node.toBuilder().instanceInfo(JsonDict.of(instance)).build();

        assertThatThrownBy(() -> management.setBootDevice(contradicting, BootDevice.PXE, false))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("violates node properties/capabilities");
        assertThat(runner.commands()).isEmpty();
    }

    private static Node node(Map<String, String> properties, Map<String, String> extraDriverInfo) {
        Map<String, String> driverInfo = new java.util.HashMap<>(Map.of("ipmi_address", "bmc"));
        driverInfo.putAll(extraDriverInfo);
        ObjectNode props = JsonNodeFactory.instance.objectNode();
        properties.forEach(props::put);
        return TestNodes.node("ipmi", driverInfo).toBuilder().properties(JsonDict.of(props)).build();
    }

    /** The ipmitool arguments after the connection options ({@code -E} ends them). */
    private List<List<String>> sent() {
        return runner.commands().stream().map(Command::argv)
                .map(argv -> argv.subList(argv.indexOf("-E") + 1, argv.size())).toList();
    }
}
