package dev.ferrum.hardware.spi;

import dev.ferrum.support.process.ProcessFailure;
import dev.ferrum.support.process.ProcessOutcome;
import dev.ferrum.support.process.ProcessRunner;
import dev.ferrum.support.process.ProcessSpec;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/** Runs programs as child processes (through the shared process runner), killed after the timeout. */
public final class ProcessCommandRunner implements CommandRunner {
    private final ProcessRunner processes = new ProcessRunner();

    @Override
    public CommandResult run(List<String> argv, Duration timeout) {
        try {
            ProcessOutcome outcome = processes.run(ProcessSpec.of(argv, timeout));
            return new CommandResult(outcome.exitCode(), outcome.stdout(), outcome.stderr());
        } catch (ProcessFailure e) {
            throw new CommandException(argv, switch (e.kind()) {
                case CANNOT_START -> "cannot start: " + e.detail();
                case TIMED_OUT -> "did not finish within " + timeout.toSeconds() + " s";
                case INTERRUPTED -> "interrupted";
                case OUTPUT_UNREADABLE -> "cannot read output: " + e.detail();
            }, e.getCause());
        }
    }

    @Override
    public boolean isAvailable(String program) {
        String path = System.getenv().getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin");
        return ProcessRunner.isAvailable(program, Arrays.stream(path.split(File.pathSeparator))
                .filter(dir -> !dir.isEmpty()).map(Path::of).toList());
    }
}
