package dev.ferrum.agent.partition;

import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.CommandRunner;
import dev.ferrum.hardware.spi.ProcessCommandRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs sgdisk and sfdisk for the interop tests, with a timeout, optionally feeding a file as
 * standard input. Not {@link ProcessCommandRunner}: it sets standard input to
 * {@code Redirect.DISCARD}, which ProcessBuilder rejects for input, so it cannot start anything.
 */
final class ToolRunner implements CommandRunner {

    private final Path scratch;

    ToolRunner(Path scratch) {
        this.scratch = scratch;
    }

    @Override
    public CommandResult run(List<String> argv, Duration timeout) {
        return run(argv, Optional.empty(), timeout);
    }

    CommandResult run(List<String> argv, Optional<Path> stdin, Duration timeout) {
        try {
            Path out = Files.createTempFile(scratch, "stdout", ".txt");
            Path err = Files.createTempFile(scratch, "stderr", ".txt");
            ProcessBuilder builder = new ProcessBuilder(argv).redirectOutput(out.toFile()).redirectError(err.toFile());
            stdin.ifPresent(file -> builder.redirectInput(file.toFile()));
            Process process = builder.start();
            if (stdin.isEmpty()) {
                process.getOutputStream().close(); // end of input at once: nothing here is interactive
            }
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new AssertionError(String.join(" ", argv) + " did not finish within " + timeout);
            }
            return new CommandResult(process.exitValue(), Files.readString(out), Files.readString(err));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted running " + argv, e);
        }
    }

    @Override
    public boolean isAvailable(String program) {
        return new ProcessCommandRunner().isAvailable(program);
    }
}
