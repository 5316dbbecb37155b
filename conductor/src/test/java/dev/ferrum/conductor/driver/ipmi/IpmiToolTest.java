package dev.ferrum.conductor.driver.ipmi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.driver.TestNodes;
import dev.ferrum.conductor.driver.command.Command;
import dev.ferrum.conductor.driver.management.BootDevice;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.driver.command.CommandResult;
import dev.ferrum.conductor.driver.command.CommandRunner;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IpmiToolTest {
    private static final IpmiConfig CONFIG = new IpmiConfig("ipmitool", 3, Duration.ofSeconds(5), 3,
            Duration.ofMillis(1), Duration.ofMillis(20), 2, Duration.ofSeconds(1), Duration.ofMillis(1));
    private final Node node = TestNodes.node("ipmi", Map.of("ipmi_address", "127.0.0.1", "ipmi_port", "6230",
            "ipmi_username", "admin", "ipmi_password", "s3cret"));

    @Test
    void passwordGoesThroughTheEnvironmentNeverTheCommandLine() {
        ScriptedRunner runner = new ScriptedRunner().then(0, "Chassis Power is on\n", "");

        PowerState state = new IpmitoolPower(new IpmiTool(CONFIG, runner), CONFIG).powerState(node);

        assertThat(state).isEqualTo(PowerState.POWER_ON);
        Command command = runner.commands().getFirst();
        assertThat(command.argv()).containsExactly("ipmitool", "-I", "lanplus", "-C", "3", "-H", "127.0.0.1", "-p",
                "6230", "-U", "admin", "-E", "power", "status");
        assertThat(command.environment()).containsEntry("IPMI_PASSWORD", "s3cret");
        assertThat(command.toString()).doesNotContain("s3cret");
    }

    @Test
    void cipherSuiteComesFromDriverInfo() {
        ScriptedRunner runner = new ScriptedRunner().then(0, "", "");
        Node node17 = TestNodes.node("ipmi", Map.of("ipmi_address", "bmc", "ipmi_cipher_suite", "17"));

        new IpmitoolManagement(new IpmiTool(CONFIG, runner), CONFIG).setBootDevice(node17, BootDevice.PXE, true);

        // Setting a boot device takes two calls (boot flag timeout, then the flags): both use the node's suite.
        assertThat(runner.commands()).hasSize(2).allSatisfy(command -> assertThat(command.argv().subList(0, 10))
                .containsExactly("ipmitool", "-I", "lanplus", "-C", "17", "-H", "bmc", "-p", "623", "-E"));
    }

    @Test
    void transientFailuresAreRetried() {
        ScriptedRunner runner = new ScriptedRunner()
                .then(1, "", "Error: Unable to establish IPMI v2 / RMCP+ session\n")
                .then(1, "", "Node busy\n")
                .then(0, "Chassis Power is off\n", "");

        assertThat(new IpmiTool(CONFIG, runner).run(IpmiTarget.from(node, 3), List.of("power", "status")))
                .contains("off");
        assertThat(runner.commands()).hasSize(3);
    }

    @Test
    void aSessionThatNeverOpensSaysWhatToCheckWithoutTheSecret() {
        ScriptedRunner runner = new ScriptedRunner().then(1, "", "Error: Unable to establish IPMI v2 / RMCP+ session\n");

        assertThatThrownBy(() -> new IpmiTool(CONFIG, runner).run(IpmiTarget.from(node, 3), List.of("power", "status")))
                .isInstanceOf(DriverException.class)
                .hasMessageContaining("BMC 127.0.0.1:6230 did not open an IPMI session for user admin")
                .hasMessageContaining("driver_info.ipmi_username/ipmi_password")
                .hasMessageNotContaining("s3cret");
        assertThat(runner.commands()).hasSize(3);
    }

    @Test
    void otherFailuresAreNotRetried() {
        ScriptedRunner runner = new ScriptedRunner().then(1, "", "Set Chassis Boot Parameter 5 failed: Invalid data\n");

        assertThatThrownBy(() -> new IpmiTool(CONFIG, runner).run(IpmiTarget.from(node, 3), List.of("chassis", "bootdev", "pxe")))
                .hasMessageContaining("failed with exit code 1: Set Chassis Boot Parameter 5 failed");
        assertThat(runner.commands()).hasSize(1);
    }

    @Test
    void callsToOneBmcAreSpacedByTheMinimumInterval() {
        ScriptedRunner runner = new ScriptedRunner().then(0, "Chassis Power is on\n", "");
        IpmiTool tool = new IpmiTool(CONFIG, runner);
        IpmiTarget target = IpmiTarget.from(node, 3);

        long start = System.nanoTime();
        for (int i = 0; i < 4; i++) {
            tool.run(target, List.of("power", "status"));
        }

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(60));
    }

    @Test
    void noMoreThanMaxConcurrentCallsRunAtOnceAcrossBmcs() throws Exception {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger peak = new AtomicInteger();
        CommandRunner slow = command -> {
            peak.accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                Thread.sleep(30);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            running.decrementAndGet();
            return new CommandResult(0, "Chassis Power is on\n", "");
        };
        IpmiTool tool = new IpmiTool(CONFIG, slow);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            IpmiTarget target = new IpmiTarget("10.0.0." + i, 623, Optional.empty(), "", 3);
            threads.add(Thread.ofVirtual().start(() -> tool.run(target, List.of("power", "status"))));
        }
        for (Thread thread : threads) {
            thread.join();
        }

        assertThat(peak.get()).isEqualTo(CONFIG.maxConcurrent());
    }

    @Test
    void validationNamesTheMissingAddress() {
        Node empty = TestNodes.node("ipmi", Map.of());
        Node badPort = TestNodes.node("ipmi", Map.of("ipmi_address", "bmc", "ipmi_port", "x"));

        assertThat(IpmiTarget.validate(empty).failure()).contains("driver_info is missing ipmi_address");
        assertThat(IpmiTarget.validate(badPort).failure()).hasValueSatisfying(r -> assertThat(r).contains("ipmi_port"));
        assertThat(IpmiTarget.from(node, 3).toString()).doesNotContain("s3cret");
    }
}
