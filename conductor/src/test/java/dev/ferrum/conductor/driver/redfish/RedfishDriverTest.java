package dev.ferrum.conductor.driver.redfish;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.TestNodes;
import dev.ferrum.conductor.driver.management.BootDevice;
import dev.ferrum.conductor.driver.management.BootDeviceSetting;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RedfishDriverTest {
    private static final RedfishConfig CONFIG = new RedfishConfig(Duration.ofSeconds(5), "ForceRestart",
            Duration.ofSeconds(2), Duration.ofMillis(20));

    private final FakeRedfishService bmc = new FakeRedfishService("root", "calvin-pw");
    private final RedfishClient client = new RedfishClient(CONFIG);
    private final RedfishPower power = new RedfishPower(client, CONFIG);
    private final RedfishManagement management = new RedfishManagement(client);

    @AfterEach
    void stop() {
        bmc.close();
    }

    @Test
    void powersTheSystemThroughTheResetActionWithASession() {
        Node node = node(Map.of());

        assertThat(power.validate(node).isValid()).isTrue();
        assertThat(power.powerState(node)).isEqualTo(PowerState.POWER_OFF);
        power.powerOn(node);
        assertThat(bmc.lastReset()).isEqualTo("On");
        assertThat(power.powerState(node)).isEqualTo(PowerState.POWER_ON);
        power.reboot(node);
        assertThat(bmc.lastReset()).isEqualTo("ForceRestart");
        power.powerOff(node);
        assertThat(bmc.lastReset()).isEqualTo("ForceOff");
        assertThat(bmc.powerState()).isEqualTo("Off");
        assertThat(bmc.logins()).isEqualTo(1);
    }

    @Test
    void setsTheBootSourceOverride() {
        Node node = node(Map.of("redfish_system_id", FakeRedfishService.SYSTEM));

        management.setBootDevice(node, BootDevice.PXE, false);
        assertThat(bmc.bootOverride()).isEqualTo("Pxe/Once");
        assertThat(management.bootDevice(node)).isEqualTo(BootDeviceSetting.of(BootDevice.PXE, false));
        management.setBootDevice(node, BootDevice.DISK, true);
        assertThat(bmc.bootOverride()).isEqualTo("Hdd/Continuous");
        assertThat(management.bootDevice(node)).isEqualTo(BootDeviceSetting.of(BootDevice.DISK, true));
        assertThatThrownBy(() -> management.setBootDevice(node, BootDevice.SAFE, false))
                .hasMessageContaining("no safe-mode boot device");
    }

    @Test
    void logsInAgainWhenTheSessionExpires() {
        Node node = node(Map.of());
        power.powerState(node);

        bmc.expireSessions();

        assertThat(power.powerState(node)).isEqualTo(PowerState.POWER_OFF);
        assertThat(bmc.logins()).isEqualTo(2);
    }

    @Test
    void basicAuthNeedsNoSession() {
        Node node = node(Map.of("redfish_auth_type", "basic"));

        power.powerOn(node);

        assertThat(power.powerState(node)).isEqualTo(PowerState.POWER_ON);
        assertThat(bmc.logins()).isZero();
    }

    @Test
    void wrongCredentialsAreNamedWithoutTheSecret() {
        for (String auth : new String[] {"session", "basic"}) {
            Node node = node(Map.of("redfish_password", "not-it", "redfish_auth_type", auth));

            assertThatThrownBy(() -> power.powerState(node))
                    .isInstanceOf(DriverException.class)
                    .hasMessageContaining("refused the credentials for user root")
                    .hasMessageContaining("redfish_username/redfish_password")
                    .hasMessageNotContaining("not-it");
        }
    }

    @Test
    void aMissingSystemIsAClearError() {
        bmc.removeSystem();

        assertThatThrownBy(() -> power.powerState(node(Map.of())))
                .isInstanceOf(DriverException.class)
                .hasMessageContaining("lists no System under /redfish/v1/Systems");
        assertThatThrownBy(() -> power.powerState(node(Map.of("redfish_system_id", FakeRedfishService.SYSTEM))))
                .hasMessageContaining("has no resource " + FakeRedfishService.SYSTEM)
                .hasMessageContaining("redfish_system_id");
    }

    @Test
    void validationNamesWhatIsMissing() {
        Node empty = TestNodes.node("redfish", Map.of("redfish_address", "https://bmc"));

        assertThat(power.validate(empty).failure()).contains("driver_info is missing redfish_username, redfish_password");
        assertThat(RedfishTarget.from(node(Map.of())).toString()).doesNotContain("calvin-pw");
    }

    private Node node(Map<String, String> extra) {
        Map<String, String> info = new HashMap<>(Map.of("redfish_address", bmc.url(), "redfish_username", "root",
                "redfish_password", "calvin-pw", "redfish_verify_ca", "false"));
        info.putAll(extra);
        return TestNodes.node("redfish", info);
    }
}
