package dev.ferrum.conductor.driver.ipmi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.command.ProcessCommandRunner;
import dev.ferrum.conductor.driver.management.BootDevice;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ipmitool drivers against a real virtual BMC ({@link IpmiSimulator}). Needs packages
 * {@code openipmi ipmitool}; skipped without them, except in CI ({@code CI=true}), where it fails.
 */
class IpmiSimTest {
    static final IpmiConfig CONFIG = new IpmiConfig("ipmitool", 3, Duration.ofSeconds(20), 3,
            Duration.ofMillis(200), Duration.ofMillis(10), 4, Duration.ofSeconds(10), Duration.ofMillis(100));

    @TempDir
    Path dir;
    private IpmiSimulator bmc;
    private final IpmiTool tool = new IpmiTool(CONFIG, new ProcessCommandRunner());

    @BeforeEach
    void start() throws Exception {
        bmc = IpmiSimulator.start(dir);
    }

    @AfterEach
    void stop() {
        if (bmc != null) {
            bmc.close();
        }
    }

    @Test
    void powersOnAndOffAndTheBmcStoresIt() throws IOException {
        IpmitoolPower power = new IpmitoolPower(tool, CONFIG);
        Node node = bmc.node(IpmiSimulator.PASSWORD);

        power.powerOn(node);
        assertThat(bmc.stored("power")).isEqualTo("1");
        power.powerOff(node);
        assertThat(power.powerState(node)).isEqualTo(PowerState.POWER_OFF);
        assertThat(bmc.stored("power")).isEqualTo("0");
    }

    @Test
    void setsAndReadsTheBootDevice() throws IOException {
        IpmitoolManagement management = new IpmitoolManagement(tool, CONFIG);
        Node node = bmc.node(IpmiSimulator.PASSWORD);

        assertThat(management.validate(node).isValid()).isTrue();
        management.setBootDevice(node, BootDevice.PXE, false);
        assertThat(management.bootDevice(node).device()).contains(BootDevice.PXE);
        assertThat(bmc.stored("boot")).isEqualTo("pxe");

        // ipmi_sim keeps only the device, not the persistence flag, so only the device is checked.
        management.setBootDevice(node, BootDevice.DISK, true);
        assertThat(management.bootDevice(node).device()).contains(BootDevice.DISK);
    }

    @Test
    void wrongCredentialsSayWhatToCheck() {
        IpmiConfig once = new IpmiConfig("ipmitool", 3, Duration.ofSeconds(20), 1, Duration.ofMillis(10),
                Duration.ZERO, 4, Duration.ofSeconds(5), Duration.ofMillis(100));
        IpmitoolPower power = new IpmitoolPower(new IpmiTool(once, new ProcessCommandRunner()), once);

        assertThatThrownBy(() -> power.powerState(bmc.node("wrong-pw")))
                .isInstanceOf(DriverException.class)
                .hasMessageContaining("BMC 127.0.0.1:" + bmc.port() + " did not open an IPMI session for user admin")
                .hasMessageNotContaining("wrong-pw");
    }
}
