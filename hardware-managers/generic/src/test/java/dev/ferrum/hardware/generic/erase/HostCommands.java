package dev.ferrum.hardware.generic.erase;

import dev.ferrum.hardware.spi.CommandException;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.CommandRunner;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the host's real tools (mkfs.ext4, sgdisk, blkid, wipefs) on the test's temp files. Only
 * for tests: every program is checked against an allow-list so nothing else can run, and
 * output goes through temp files so no pipe can fill up.
 */
final class HostCommands implements CommandRunner {
    private static final List<String> ALLOWED = List.of("mkfs.ext4", "sgdisk", "blkid", "wipefs");
    private static final List<String> SEARCH = List.of("/usr/sbin", "/usr/bin", "/sbin", "/bin");

    private final Path scratch;

    HostCommands(Path scratch) {
        this.scratch = scratch;
    }

    @Override
    public CommandResult run(List<String> argv, Duration timeout) {
        if (!ALLOWED.contains(argv.getFirst())) {
            throw new CommandException(argv, "not allowed in tests", null);
        }
        try {
            Path out = Files.createTempFile(scratch, "out", ".txt");
            Path err = Files.createTempFile(scratch, "err", ".txt");
            Process process = new ProcessBuilder(argv)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor();
                throw new CommandException(argv, "timed out", null);
            }
            return new CommandResult(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new CommandException(argv, e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CommandException(argv, "interrupted", e);
        }
    }

    @Override
    public boolean isAvailable(String program) {
        return ALLOWED.contains(program) && SEARCH.stream().anyMatch(dir -> Files.isExecutable(Path.of(dir, program)));
    }
}
