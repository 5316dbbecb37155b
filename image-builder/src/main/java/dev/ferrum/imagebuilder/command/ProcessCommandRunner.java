package dev.ferrum.imagebuilder.command;

import dev.ferrum.imagebuilder.ImageBuildException;
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
 * Runs commands as child processes with standard input from /dev/null; kills the child when it
 * overruns its timeout. Children inherit the environment minus the JVM option variables, so a
 * user's JAVA_TOOL_OPTIONS cannot change a class cache. The search path is given at construction.
 */
public final class ProcessCommandRunner implements CommandRunner {
    private final List<Path> searchPath;

    /** @param searchPath the directories a bare program name is looked up in (Main passes PATH) */
    public ProcessCommandRunner(List<Path> searchPath) {
        this.searchPath = List.copyOf(searchPath);
    }

    @Override
    public CommandResult run(Command command) {
        ProcessBuilder builder = new ProcessBuilder(command.argv()).redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
        command.workingDirectory().ifPresent(dir -> builder.directory(dir.toFile()));
        // These would silently change every JVM the build runs (training, dumping) and so the image.
        builder.environment().keySet().removeAll(java.util.Set.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS"));
        command.stdoutFile().ifPresent(file -> builder.redirectOutput(file.toFile()));
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new ImageBuildException("cannot start `" + command.display() + "`: " + e.getMessage()
                    + ". Install the program or put it on PATH.", e);
        }
        // Drain both pipes concurrently so a chatty program cannot block on a full pipe.
        CompletableFuture<String> stdout = drain(process.getInputStream());
        CompletableFuture<String> stderr = drain(process.getErrorStream());
        try {
            if (!process.waitFor(command.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new ImageBuildException("`" + command.display() + "` did not finish within "
                        + command.timeout().toSeconds() + " s; it was killed. Check that the machine is not overloaded.");
            }
            return new CommandResult(process.exitValue(), stdout.get(), stderr.get());
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new ImageBuildException("interrupted while running `" + command.display() + "`", e);
        } catch (ExecutionException e) {
            throw new ImageBuildException("cannot read the output of `" + command.display() + "`: "
                    + e.getCause().getMessage(), e.getCause());
        }
    }

    @Override
    public boolean isAvailable(String program) {
        if (program.contains("/")) {
            return Files.isExecutable(Path.of(program));
        }
        return searchPath.stream().anyMatch(dir -> Files.isExecutable(dir.resolve(program)));
    }

    private static File nullDevice() {
        return new File("/dev/null");
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
