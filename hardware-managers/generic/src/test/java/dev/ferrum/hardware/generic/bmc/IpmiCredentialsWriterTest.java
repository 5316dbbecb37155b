package dev.ferrum.hardware.generic.bmc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.fail;

import dev.ferrum.hardware.spi.Answer;
import dev.ferrum.hardware.spi.BmcCredentials;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.CommandRunner;
import dev.ferrum.hardware.spi.HardwareManagerException;
import dev.ferrum.hardware.spi.MachineContext;
import dev.ferrum.hardware.spi.NoResult;
import dev.ferrum.hardware.spi.ProcessCommandRunner;
import dev.ferrum.testing.RequiredTools;
import java.io.File;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Setting a BMC user in band: the commands ipmitool gets, the password kept out of argv and error messages, and
 * the real thing against OpenIPMI's {@code ipmi_sim} (reached over lanplus in place of the local device), after
 * which the new user logs in out of band.
 */
class IpmiCredentialsWriterTest {
    private static final BmcCredentials NEW_USER = new BmcCredentials("ferrum", "n3w-pass");

    @TempDir
    Path temp;

    /** A runner that records each command line and the exec file's content at the time it ran. */
    private static final class Recording implements CommandRunner {
        final List<List<String>> calls = new ArrayList<>();
        final List<String> scripts = new ArrayList<>();
        private final CommandResult result;

        Recording(CommandResult result) {
            this.result = result;
        }

        @Override
        public CommandResult run(List<String> argv, Duration timeout) {
            calls.add(argv);
            try {
                scripts.add(Files.readString(Path.of(argv.getLast())));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            return result;
        }

        @Override
        public boolean isAvailable(String program) {
            return program.equals("ipmitool");
        }
    }

    private MachineContext machine(CommandRunner runner, boolean withDevice) throws IOException {
        Files.createDirectories(temp.resolve("dev"));
        if (withDevice) {
            Files.writeString(temp.resolve("dev/ipmi0"), "");
        }
        return new MachineContext(temp, runner);
    }

    @Test
    void setsUserSlotTwoThroughAnExecFileThatIsDeletedAfterwards() throws Exception {
        Recording runner = new Recording(new CommandResult(0, "", ""));

        assertThat(IpmiCredentialsWriter.write(machine(runner, true), NEW_USER)).isEqualTo(Answer.of(NoResult.NONE));

        assertThat(runner.calls).hasSize(1);
        List<String> argv = runner.calls.getFirst();
        assertThat(argv.subList(0, 2)).containsExactly("ipmitool", "exec");
        assertThat(String.join(" ", argv)).doesNotContain("n3w-pass");
        assertThat(runner.scripts.getFirst()).contains("user set name 2 ferrum", "user set password 2 n3w-pass",
                "user enable 2", "channel setaccess 1 2 link=on ipmi=on callin=on privilege=4");
        assertThat(Path.of(argv.getLast())).doesNotExist();
    }

    @Test
    void aRefusalNamesTheUserButNotThePassword() throws Exception {
        Recording runner = new Recording(new CommandResult(1, "", "Set User Password command failed (user 2):"
                + " n3w-pass rejected"));

        assertThatThrownBy(() -> IpmiCredentialsWriter.write(machine(runner, true), NEW_USER))
                .isInstanceOf(HardwareManagerException.class).hasMessageContaining("BMC user ferrum")
                .hasMessageNotContaining("n3w-pass");
    }

    @Test
    void declinesWithoutAnIpmiDevice() throws Exception {
        assertThat(IpmiCredentialsWriter.write(machine(new Recording(new CommandResult(0, "", "")), false), NEW_USER))
                .isInstanceOf(Answer.Declined.class);
    }

    @Test
    void theNewUserLogsInToIpmiSimOutOfBand() throws Exception {
        RequiredTools.require("apt-get install openipmi ipmitool", "ipmi_sim", "ipmitool");
        int port;
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        Files.writeString(temp.resolve("lan.conf"), """
                name "ferrum-credentials"
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
                  user 2 true "admin" "old-pass" admin 10 none md2 md5 straight
                """.formatted(port));
        Files.writeString(temp.resolve("node.emu"), "mc_setbmc 0x20\nmc_add 0x20 0 no-device-sdrs 0x23 9 8 0x9f"
                + " 0x1291 0xf02 persist_sdr\nmc_enable 0x20\n");
        Files.createDirectories(temp.resolve("state"));
        Process sim = new ProcessBuilder("ipmi_sim", "-n", "-c", temp.resolve("lan.conf").toString(), "-f",
                temp.resolve("node.emu").toString(), "-s", temp.resolve("state").toString()).redirectErrorStream(true)
                .redirectOutput(temp.resolve("ipmi_sim.log").toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        try {
            ProcessCommandRunner real = new ProcessCommandRunner();
            List<String> admin = List.of("-I", "lanplus", "-C", "3", "-H", "127.0.0.1", "-p", Integer.toString(port), "-U",
                    "admin", "-P", "old-pass");
            awaitAnswer(real, admin, sim, temp.resolve("ipmi_sim.log"));
            // The local device of a real machine, played by the simulator over lanplus as its admin (cipher suite 3, as
            // the conductor's ipmitool driver uses: ipmitool cannot negotiate one with ipmi_sim).
            CommandRunner inBand = new CommandRunner() {
                @Override
                public CommandResult run(List<String> argv, Duration timeout) {
                    List<String> lan = new ArrayList<>(List.of("ipmitool"));
                    lan.addAll(admin);
                    lan.addAll(argv.subList(1, argv.size()));
                    return real.run(lan, timeout);
                }

                @Override
                public boolean isAvailable(String program) {
                    return real.isAvailable(program);
                }
            };

            assertThat(IpmiCredentialsWriter.write(machine(inBand, true), NEW_USER)).isEqualTo(Answer.of(NoResult.NONE));

            CommandResult asNewUser = real.run(List.of("ipmitool", "-I", "lanplus", "-C", "3", "-H", "127.0.0.1", "-p",
                    Integer.toString(port), "-U", "ferrum", "-P", "n3w-pass", "mc", "info"), Duration.ofSeconds(20));
            assertThat(asNewUser.exitCode()).as(asNewUser.stderr()).isZero();
            CommandResult wrong = real.run(List.of("ipmitool", "-I", "lanplus", "-C", "3", "-H", "127.0.0.1", "-p",
                    Integer.toString(port), "-U", "ferrum", "-P", "not-it", "mc", "info"), Duration.ofSeconds(20));
            assertThat(wrong.exitCode()).as("the check can fail").isNotZero();
        } finally {
            sim.destroy();
            if (!sim.waitFor(5, TimeUnit.SECONDS)) {
                sim.destroyForcibly();
            }
        }
    }

    private static void awaitAnswer(ProcessCommandRunner real, List<String> admin, Process sim, Path log) throws Exception {
        List<String> probe = new ArrayList<>(List.of("ipmitool"));
        probe.addAll(admin);
        probe.addAll(List.of("mc", "info"));
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (!answers(real, probe)) {
            if (!sim.isAlive() || System.nanoTime() > deadline) {
                String last;
                try {
                    CommandResult r = real.run(probe, Duration.ofSeconds(5));
                    last = r.exitCode() + " " + r.stdout() + r.stderr();
                } catch (RuntimeException e) {
                    last = e.toString();
                }
                fail("ipmi_sim did not answer (alive=" + sim.isAlive() + "): " + last + "; ipmi_sim said: " + Files.readString(log));
            }
            Thread.sleep(100);
        }
    }

    private static boolean answers(ProcessCommandRunner real, List<String> probe) {
        try {
            return real.run(probe, Duration.ofSeconds(5)).exitCode() == 0;
        } catch (dev.ferrum.hardware.spi.CommandException notYet) {
            return false;
        }
    }
}
