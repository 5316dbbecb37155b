package dev.ferrum.agent.system;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.FakeCommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KernelPowerControlTest {

    @TempDir
    Path proc;

    @Test
    void syncsThenAsksInit() {
        var commands = new FakeCommandRunner().answer(List.of("sync"), "").answer(List.of("poweroff", "-f"), "");

        new KernelPowerControl(commands, proc).powerOff();

        assertThat(commands.calls()).containsExactly(List.of("sync"), List.of("poweroff", "-f"));
    }

    @Test
    void fallsBackToSysrqWhenInitCannot() throws IOException {
        Files.createFile(proc.resolve("sysrq-trigger"));
        var commands = new FakeCommandRunner().answer(List.of("sync"), "")
                .answer(List.of("reboot", "-f"), new CommandResult(1, "", "no init"));

        new KernelPowerControl(commands, proc).reboot();

        assertThat(Files.readString(proc.resolve("sysrq-trigger"))).isEqualTo("b");
    }
}
