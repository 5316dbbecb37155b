package dev.ferrum.hardware.generic.bmc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.generic.Fixtures;
import dev.ferrum.hardware.spi.Answer;
import dev.ferrum.hardware.spi.BmcAddresses;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import dev.ferrum.hardware.spi.MachineContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IpmiBmcReaderTest {
    private static final String CONFIGURED = Fixtures.text("ipmitool/lan-print-configured.txt");
    private static final String UNCONFIGURED = Fixtures.text("ipmitool/lan-print-unconfigured.txt");
    private static final CommandResult NOT_LAN = new CommandResult(1, "", "Channel 2 is not a LAN channel\n");

    private static List<String> lan(int channel) {
        return List.of("ipmitool", "lan", "print", Integer.toString(channel));
    }

    private static List<String> lan6(int channel) {
        return List.of("ipmitool", "lan6", "print", Integer.toString(channel));
    }

    /** Every channel from 1 to 11 answers as "not a LAN channel" unless scripted otherwise. */
    private static FakeCommandRunner bmc() {
        FakeCommandRunner runner = new FakeCommandRunner();
        for (int channel = 1; channel <= 11; channel++) {
            runner.answer(lan(channel), NOT_LAN);
        }
        return runner;
    }

    @Test
    void readsTheFirstConfiguredChannel() {
        FakeCommandRunner runner = bmc().answer(lan(1), CONFIGURED)
                .answer(lan6(1), Fixtures.text("ipmitool/lan6-print-slaac.txt"));
        assertThat(IpmiBmcReader.read(Fixtures.machine("server", runner))).isEqualTo(Answer.of(new BmcAddresses(
                Optional.of("192.0.2.117"), Optional.of("2001:db8:1::d294:66ff:fe1a:2b3c"),
                Optional.of("d0:94:66:1a:2b:3c"))));
        assertThat(runner.calls()).containsExactly(lan(1), lan6(1));
    }

    @Test
    void skipsChannelsThatAreNotLanOrUnconfigured() {
        // Dell iDRAC style: channel 1 is the unconfigured shared port, the dedicated port is channel 8.
        FakeCommandRunner runner = bmc().answer(lan(1), UNCONFIGURED).answer(lan(8), CONFIGURED)
                .answer(lan6(1), Fixtures.text("ipmitool/lan6-print-ipv4-only.txt"))
                .answer(lan6(8), Fixtures.text("ipmitool/lan6-print-static.txt"));
        assertThat(IpmiBmcReader.read(Fixtures.machine("server", runner))).isEqualTo(Answer.of(new BmcAddresses(
                Optional.of("192.0.2.117"), Optional.of("fd00:10::117"), Optional.of("d0:94:66:1a:2b:3c"))));
        assertThat(runner.calls()).containsExactly(lan(1), lan(2), lan(3), lan(4), lan(5), lan(6), lan(7), lan(8),
                lan6(1), lan6(8));
    }

    @Test
    void anUnconfiguredBmcKeepsIpasPlaceholders() {
        FakeCommandRunner runner = bmc().answer(lan(1), UNCONFIGURED)
                .answer(lan6(1), Fixtures.text("ipmitool/lan6-print-ipv4-only.txt"));
        assertThat(IpmiBmcReader.read(Fixtures.machine("server", runner))).isEqualTo(Answer.of(new BmcAddresses(
                Optional.of("0.0.0.0"), Optional.of("::/0"), Optional.empty())));
    }

    @Test
    void declinesWhenNoChannelAnswers() {
        FakeCommandRunner runner = new FakeCommandRunner();
        for (int channel = 1; channel <= 11; channel++) {
            runner.answer(lan(channel), new CommandResult(1, "",
                    "Could not open device at /dev/ipmi0 or /dev/ipmi/0 or /dev/ipmidev/0: No such device\n"));
        }
        assertThat(IpmiBmcReader.read(Fixtures.machine("server", runner))).isEqualTo(Answer.declined(
                "ipmitool found no LAN channel among channels 1-11 (Could not open device at /dev/ipmi0 or "
                        + "/dev/ipmi/0 or /dev/ipmidev/0: No such device)"));
    }

    @Test
    void declinesWithoutIpmitool() {
        assertThat(IpmiBmcReader.read(Fixtures.machine("server", new FakeCommandRunner())))
                .isEqualTo(Answer.declined("ipmitool is not installed"));
    }

    @Test
    void declinesWithoutAnIpmiDeviceAndRunsNothing() {
        FakeCommandRunner runner = bmc().answer(lan(1), CONFIGURED);
        assertThat(IpmiBmcReader.read(Fixtures.machine("vm", runner))).isInstanceOfSatisfying(Answer.Declined.class,
                d -> assertThat(d.reason()).startsWith("no IPMI device (looked for /dev/ipmi0, /dev/ipmi/0, /dev/ipmidev/0"));
        assertThat(runner.calls()).isEmpty();
        assertThat(IpmiBmcReader.read(Fixtures.machine("vm"))).isInstanceOfSatisfying(Answer.Declined.class,
                d -> assertThat(d.reason()).startsWith("ipmitool is not installed; no IPMI device"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"ipmi0", "ipmi/0", "ipmidev/0"})
    void anyOfTheThreeDeviceNodesWillDo(String node, @TempDir Path root) throws Exception {
        Files.createDirectories(root.resolve("dev").resolve(node).getParent());
        Files.createFile(root.resolve("dev").resolve(node));
        FakeCommandRunner runner = bmc().answer(lan(1), CONFIGURED).answer(lan6(1), "");
        assertThat(IpmiBmcReader.read(new MachineContext(root, runner))).isInstanceOf(Answer.Answered.class);
    }

    @Test
    void aFailingIpmitoolDeclinesWithItsError() {
        // Channel 1 is not scripted: the fake throws as a timed-out or unstartable program would.
        FakeCommandRunner runner = new FakeCommandRunner().answer(lan(2), CONFIGURED);
        assertThat(IpmiBmcReader.read(Fixtures.machine("server", runner))).isInstanceOfSatisfying(Answer.Declined.class,
                d -> assertThat(d.reason()).startsWith("ipmitool failed: ipmitool lan print 1"));
    }
}
