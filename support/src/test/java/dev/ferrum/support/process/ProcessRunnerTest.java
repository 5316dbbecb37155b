package dev.ferrum.support.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessRunnerTest {
    private final ProcessRunner runner = new ProcessRunner();

    @Test
    void capturesExitCodeAndBothOutputs() {
        ProcessOutcome outcome = runner.run(ProcessSpec.of(List.of("sh", "-c", "echo out; echo err >&2; exit 3"),
                Duration.ofSeconds(10)));
        assertThat(outcome).isEqualTo(new ProcessOutcome(3, "out\n", "err\n"));
    }

    @Test
    void standardInputIsEmptySoAPromptFailsInsteadOfHanging() {
        assertThat(runner.run(ProcessSpec.of(List.of("sh", "-c", "read x || echo eof"), Duration.ofSeconds(10)))
                .stdout()).isEqualTo("eof\n");
    }

    @Test
    void environmentWorkingDirectoryAndOutputFileAreApplied(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out.txt");
        ProcessSpec spec = new ProcessSpec(List.of("sh", "-c", "echo \"$ADDED|${HOME:-unset}|$(pwd)\""),
                Map.of("ADDED", "yes"), Set.of("HOME"), Optional.of(dir), Optional.of(out), Duration.ofSeconds(10));
        assertThat(runner.run(spec).stdout()).isEmpty();
        assertThat(Files.readString(out)).isEqualTo("yes|unset|" + dir.toRealPath() + "\n");
    }

    @Test
    void aProgramThatOverrunsItsTimeoutIsKilled() {
        assertThatThrownBy(() -> runner.run(ProcessSpec.of(List.of("sleep", "30"), Duration.ofMillis(200))))
                .isInstanceOfSatisfying(ProcessFailure.class,
                        f -> assertThat(f.kind()).isEqualTo(ProcessFailure.Kind.TIMED_OUT));
    }

    @Test
    void aMissingProgramCannotStart() {
        assertThatThrownBy(() -> runner.run(ProcessSpec.of(List.of("/nonexistent/ferrum-tool"), Duration.ofSeconds(5))))
                .isInstanceOfSatisfying(ProcessFailure.class, f -> {
                    assertThat(f.kind()).isEqualTo(ProcessFailure.Kind.CANNOT_START);
                    assertThat(f.detail()).contains("/nonexistent/ferrum-tool");
                });
    }

    @Test
    void availabilityLooksAtPathsAndTheSearchPath() {
        assertThat(ProcessRunner.isAvailable("sh", List.of(Path.of("/bin"), Path.of("/usr/bin")))).isTrue();
        assertThat(ProcessRunner.isAvailable("sh", List.of())).isFalse();
        assertThat(ProcessRunner.isAvailable("/nonexistent/sh", List.of(Path.of("/bin")))).isFalse();
    }
}
