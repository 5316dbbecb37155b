package dev.ferrum.conductor.driver.ipmi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.fail;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.TestNodes;
import dev.ferrum.conductor.driver.command.ProcessCommandRunner;
import dev.ferrum.conductor.driver.management.BootDevice;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ipmitool drivers against a real virtual BMC: OpenIPMI's {@code ipmi_sim} on a free loopback
 * UDP port, its chassis state kept by {@code chassis_control.sh} in files. Needs packages
 * {@code openipmi ipmitool}; skipped without them, except in CI ({@code CI=true}), where it fails.
 */
class IpmiSimTest {
    private static final String PASSWORD = "s3cret-pw";
    private static final IpmiConfig CONFIG = new IpmiConfig("ipmitool", 3, Duration.ofSeconds(20), 3,
            Duration.ofMillis(200), Duration.ofMillis(10), 4, Duration.ofSeconds(10), Duration.ofMillis(100));

    @TempDir
    Path dir;
    private Process sim;
    private int port;
    private IpmiTool tool;

    @BeforeEach
    void startSimulator() throws Exception {
        requireTools();
        port = freeUdpPort();
        Path script = dir.resolve("chassis_control.sh");
        try (InputStream in = IpmiSimTest.class.getResourceAsStream("/driver/ipmi/chassis_control.sh")) {
            Files.write(script, in.readAllBytes());
        }
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        Files.writeString(dir.resolve("lan.conf"), """
                name "ferrum-test"
                set_working_mc 0x20
                  startlan 1
                    addr 127.0.0.1 %d
                    priv_limit admin
                    allowed_auths_callback none md2 md5 straight
                    allowed_auths_user none md2 md5 straight
                    allowed_auths_operator none md2 md5 straight
                    allowed_auths_admin none md2 md5 straight
                    guid a123456789abcdefa123456789abcdef
                  endlan
                  chassis_control "%s"
                  user 2 true "admin" "%s" admin 10 none md2 md5 straight
                """.formatted(port, script, PASSWORD));
        Files.writeString(dir.resolve("node.emu"), """
                mc_setbmc 0x20
                mc_add 0x20 0 no-device-sdrs 0x23 9 8 0x9f 0x1291 0xf02 persist_sdr
                sel_enable 0x20 1000 0x0a
                mc_enable 0x20
                """);
        Files.createDirectories(dir.resolve("state"));
        sim = new ProcessBuilder("ipmi_sim", "-n", "-c", dir.resolve("lan.conf").toString(), "-f",
                dir.resolve("node.emu").toString(), "-s", dir.resolve("state").toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("ipmi_sim.log").toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
        tool = new IpmiTool(CONFIG, new ProcessCommandRunner());
        awaitReady();
    }

    @AfterEach
    void stopSimulator() throws InterruptedException {
        if (sim != null) {
            sim.destroy();
            if (!sim.waitFor(5, TimeUnit.SECONDS)) {
                sim.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void powersOnAndOffAndReportsIt() throws IOException {
        IpmitoolPower power = new IpmitoolPower(tool, CONFIG);
        Node node = node(PASSWORD);

        assertThat(power.validate(node).isValid()).isTrue();
        assertThat(power.powerState(node)).isEqualTo(PowerState.POWER_OFF);
        power.powerOn(node);
        assertThat(power.powerState(node)).isEqualTo(PowerState.POWER_ON);
        assertThat(Files.readString(dir.resolve("power")).strip()).isEqualTo("1");
        power.reboot(node);
        assertThat(power.powerState(node)).isEqualTo(PowerState.POWER_ON);
        power.powerOff(node);
        assertThat(power.powerState(node)).isEqualTo(PowerState.POWER_OFF);
        assertThat(Files.readString(dir.resolve("power")).strip()).isEqualTo("0");
    }

    @Test
    void setsAndReadsTheBootDevice() throws IOException {
        IpmitoolManagement management = new IpmitoolManagement(tool, CONFIG);
        Node node = node(PASSWORD);

        management.setBootDevice(node, BootDevice.PXE, false);
        assertThat(management.bootDevice(node).device()).contains(BootDevice.PXE);
        assertThat(Files.readString(dir.resolve("boot")).strip()).isEqualTo("pxe");

        // ipmi_sim keeps only the device, not the persistence flag, so only the device is checked.
        management.setBootDevice(node, BootDevice.DISK, true);
        assertThat(management.bootDevice(node).device()).contains(BootDevice.DISK);
    }

    @Test
    void wrongCredentialsSayWhatToCheck() {
        IpmiConfig once = new IpmiConfig("ipmitool", 3, Duration.ofSeconds(20), 1, Duration.ofMillis(10),
                Duration.ZERO, 4, Duration.ofSeconds(5), Duration.ofMillis(100));
        IpmitoolPower power = new IpmitoolPower(new IpmiTool(once, new ProcessCommandRunner()), once);

        assertThatThrownBy(() -> power.powerState(node("wrong-pw")))
                .isInstanceOf(DriverException.class)
                .hasMessageContaining("BMC 127.0.0.1:" + port + " did not open an IPMI session for user admin")
                .hasMessageNotContaining("wrong-pw");
    }

    private Node node(String password) {
        return TestNodes.node("ipmi", Map.of("ipmi_address", "127.0.0.1", "ipmi_port", Integer.toString(port),
                "ipmi_username", "admin", "ipmi_password", password));
    }

    private void awaitReady() throws InterruptedException {
        IpmiTarget target = IpmiTarget.from(node(PASSWORD), 3);
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (true) {
            try {
                tool.run(target, List.of("power", "status"));
                return;
            } catch (DriverException notYet) {
                if (!sim.isAlive() || System.nanoTime() > deadline) {
                    fail("ipmi_sim did not answer on 127.0.0.1:" + port + " (alive=" + sim.isAlive() + "): "
                            + notYet.getMessage() + "; see " + dir.resolve("ipmi_sim.log"));
                }
                Thread.sleep(100);
            }
        }
    }

    private static void requireTools() {
        boolean present = onPath("ipmi_sim") && onPath("ipmitool");
        if (!present && "true".equals(System.getenv("CI"))) {
            fail("CI must run the IPMI simulator test: install packages openipmi and ipmitool");
        }
        Assumptions.assumeTrue(present, "ipmi_sim or ipmitool missing: apt-get install openipmi ipmitool to run this test");
    }

    private static boolean onPath(String program) {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String entry : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(entry, program))) {
                return true;
            }
        }
        return false;
    }

    private static int freeUdpPort() throws IOException {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
