package dev.ferrum.hardware.spi;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/** Runs programs as child processes, with a timeout after which the child is killed. */
public final class ProcessCommandRunner implements CommandRunner {

    @Override
    public CommandResult run(List<String> argv, Duration timeout) {
        Process process;
        try {
            process = new ProcessBuilder(argv).start();
            // Tools like hdparm may prompt; a closed stdin makes them fail instead of hanging.
            process.getOutputStream().close();
        } catch (IOException e) {
            throw new CommandException(argv, "cannot start: " + e.getMessage(), e);
        }
        // Drain both pipes concurrently so a chatty program cannot block on a full pipe.
        CompletableFuture<String> stdout = drain(process.getInputStream());
        CompletableFuture<String> stderr = drain(process.getErrorStream());
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new CommandException(argv, "did not finish within " + timeout.toSeconds() + " s", null);
            }
            return new CommandResult(process.exitValue(), stdout.get(), stderr.get());
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new CommandException(argv, "interrupted", e);
        } catch (ExecutionException e) {
            throw new CommandException(argv, "cannot read output: " + e.getCause().getMessage(), e.getCause());
        }
    }

    @Override
    public boolean isAvailable(String program) {
        if (program.contains("/")) {
            return Files.isExecutable(Path.of(program));
        }
        String path = System.getenv().getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin");
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    private static CompletableFuture<String> drain(InputStream stream) {
        return CompletableFuture.supplyAsync(() -> {
            try (stream) {
                return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, Thread::startVirtualThread);
    }
}
