package dev.ferrum.support.process;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The one place Ferrum starts child processes (ipmitool, hdparm, dnsmasq's kill, jlink, cpio...):
 * standard input from {@code /dev/null}, both output pipes drained concurrently so a chatty program
 * cannot block on a full pipe, and a program that overruns its timeout killed. Modules wrap it in
 * their own consumer-owned command runner (with its fake) and word failures for their users.
 */
public final class ProcessRunner {

    /** Runs {@code spec} to its end; a {@link ProcessFailure} when it could not start or finish. */
    public ProcessOutcome run(ProcessSpec spec) {
        ProcessBuilder builder = new ProcessBuilder(spec.argv()).redirectInput(ProcessBuilder.Redirect.from(
                new File("/dev/null")));
        builder.environment().keySet().removeAll(spec.removedEnvironment());
        builder.environment().putAll(spec.addedEnvironment());
        spec.workingDirectory().ifPresent(dir -> builder.directory(dir.toFile()));
        spec.stdoutFile().ifPresent(file -> builder.redirectOutput(file.toFile()));
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new ProcessFailure(spec, ProcessFailure.Kind.CANNOT_START, String.valueOf(e.getMessage()), e);
        }
        CompletableFuture<String> stdout = drain(process.getInputStream());
        CompletableFuture<String> stderr = drain(process.getErrorStream());
        try {
            if (!process.waitFor(spec.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new ProcessFailure(spec, ProcessFailure.Kind.TIMED_OUT, "", null);
            }
            return new ProcessOutcome(process.exitValue(), stdout.get(), stderr.get());
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new ProcessFailure(spec, ProcessFailure.Kind.INTERRUPTED, "", e);
        } catch (ExecutionException e) {
            throw new ProcessFailure(spec, ProcessFailure.Kind.OUTPUT_UNREADABLE,
                    String.valueOf(e.getCause().getMessage()), e.getCause());
        }
    }

    /**
     * Whether {@code program} can be run: a path containing {@code /} must be executable, a bare name
     * must be executable in one of the {@code searchPath} directories.
     */
    public static boolean isAvailable(String program, List<Path> searchPath) {
        if (program.contains("/")) {
            return Files.isExecutable(Path.of(program));
        }
        return searchPath.stream().anyMatch(dir -> Files.isExecutable(dir.resolve(program)));
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
