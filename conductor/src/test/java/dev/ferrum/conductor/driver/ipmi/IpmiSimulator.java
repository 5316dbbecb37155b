package dev.ferrum.conductor.driver.ipmi;

import static org.junit.jupiter.api.Assertions.fail;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.TestNodes;
import dev.ferrum.conductor.driver.command.ProcessCommandRunner;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.testing.RequiredTools;
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

/**
 * A virtual BMC for tests: OpenIPMI's {@code ipmi_sim} on a free loopback UDP port, its chassis
 * power and boot device kept by {@code chassis_control.sh} in files under the given directory.
 * {@link #start} skips the calling test when ipmi_sim or ipmitool is missing, and fails it in CI
 * ({@code CI=true}); {@link #close} stops the simulator by its process.
 */
final class IpmiSimulator implements AutoCloseable {
    static final String USER = "admin";
    static final String PASSWORD = "s3cret-pw";

    private final Path dir;
    private final int port;
    private final Process process;

    private IpmiSimulator(Path dir, int port, Process process) {
        this.dir = dir;
        this.port = port;
        this.process = process;
    }

    static IpmiSimulator start(Path dir) throws IOException, InterruptedException {
        RequiredTools.require("apt-get install openipmi ipmitool", "ipmi_sim", "ipmitool");
        int port = freeUdpPort();
        Path script = dir.resolve("chassis_control.sh");
        try (InputStream in = IpmiSimulator.class.getResourceAsStream("/driver/ipmi/chassis_control.sh")) {
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
                  user 2 true "%s" "%s" admin 10 none md2 md5 straight
                """.formatted(port, script, USER, PASSWORD));
        Files.writeString(dir.resolve("node.emu"), """
                mc_setbmc 0x20
                mc_add 0x20 0 no-device-sdrs 0x23 9 8 0x9f 0x1291 0xf02 persist_sdr
                sel_enable 0x20 1000 0x0a
                mc_enable 0x20
                """);
        Files.createDirectories(dir.resolve("state"));
        Process process = new ProcessBuilder("ipmi_sim", "-n", "-c", dir.resolve("lan.conf").toString(), "-f",
                dir.resolve("node.emu").toString(), "-s", dir.resolve("state").toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("ipmi_sim.log").toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
        IpmiSimulator simulator = new IpmiSimulator(dir, port, process);
        try {
            simulator.awaitReady();
        } catch (RuntimeException | Error e) {
            simulator.close();
            throw e;
        }
        return simulator;
    }

    int port() {
        return port;
    }

    /** What the BMC last stored for {@code parm} ("power" or "boot"), stripped. */
    String stored(String parm) throws IOException {
        return Files.readString(dir.resolve(parm)).strip();
    }

    /** A node whose driver_info points at this BMC with the given password. */
    Node node(String password) {
        return TestNodes.node("ipmi", Map.of("ipmi_address", "127.0.0.1", "ipmi_port", Integer.toString(port),
                "ipmi_username", USER, "ipmi_password", password));
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private void awaitReady() throws InterruptedException {
        IpmiConfig quick = new IpmiConfig("ipmitool", 3, Duration.ofSeconds(5), 1, Duration.ZERO, Duration.ZERO, 1,
                Duration.ofSeconds(1), Duration.ofMillis(10));
        IpmiTool tool = new IpmiTool(quick, new ProcessCommandRunner());
        IpmiTarget target = IpmiTarget.from(node(PASSWORD), 3);
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (true) {
            try {
                tool.run(target, List.of("power", "status"));
                return;
            } catch (DriverException notYet) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    fail("ipmi_sim did not answer on 127.0.0.1:" + port + " (alive=" + process.isAlive() + "): "
                            + notYet.getMessage() + "; see " + dir.resolve("ipmi_sim.log"));
                }
                Thread.sleep(100);
            }
        }
    }

    private static int freeUdpPort() throws IOException {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
