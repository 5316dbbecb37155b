package dev.ferrum.hardware.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class FakeCommandRunnerTest {

    @Test
    void answersScriptedCommandsAndRecordsCalls() {
        var runner = new FakeCommandRunner().answer(List.of("ipmitool", "lan", "print"), "IP Address : 10.0.0.1");

        var result = runner.run(List.of("ipmitool", "lan", "print"), Duration.ofSeconds(1));

        assertThat(result.stdout()).contains("10.0.0.1");
        assertThat(runner.isAvailable("ipmitool")).isTrue();
        assertThat(runner.isAvailable("hdparm")).isFalse();
        assertThat(runner.calls()).containsExactly(List.of("ipmitool", "lan", "print"));
    }

    @Test
    void anUnscriptedCommandFailsLoudly() {
        assertThatThrownBy(() -> new FakeCommandRunner().run(List.of("nvme", "list"), Duration.ofSeconds(1)))
                .isInstanceOf(CommandException.class).hasMessageContaining("nvme list");
    }

    @Test
    void theRealRunnerCapturesOutputAndExitCode() {
        var runner = new ProcessCommandRunner();

        var result = runner.run(List.of("sh", "-c", "echo out; echo err >&2; exit 3"), Duration.ofSeconds(10));

        assertThat(result.exitCode()).isEqualTo(3);
        assertThat(result.stdout()).isEqualTo("out\n");
        assertThat(result.stderr()).isEqualTo("err\n");
        assertThat(runner.isAvailable("sh")).isTrue();
        assertThat(runner.isAvailable("no-such-program-ferrum")).isFalse();
    }

    @Test
    void theRealRunnerKillsAProgramThatOverrunsItsTimeout() {
        assertThatThrownBy(() -> new ProcessCommandRunner().run(List.of("sleep", "30"), Duration.ofMillis(200)))
                .isInstanceOf(CommandException.class).hasMessageContaining("did not finish");
    }

    @Test
    void theRealRunnerSaysWhenAProgramCannotStart() {
        assertThatThrownBy(() -> new ProcessCommandRunner().run(List.of("/no/such/program"), Duration.ofSeconds(1)))
                .isInstanceOf(CommandException.class).hasMessageContaining("cannot start");
    }
}
