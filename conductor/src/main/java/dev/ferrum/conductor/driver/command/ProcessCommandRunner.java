package dev.ferrum.conductor.driver.command;

import dev.ferrum.conductor.driver.DriverException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/** {@link CommandRunner} that starts real processes, reading both outputs fully and killing on timeout. */
public final class ProcessCommandRunner implements CommandRunner {

    @Override
    public CommandResult run(Command command) {
        ProcessBuilder builder = new ProcessBuilder(command.argv());
        builder.environment().putAll(command.environment());
        builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new DriverException("cannot run " + command.argv().getFirst() + ": " + e.getMessage()
                    + "; install it or configure its path", e);
        }
        CompletableFuture<String> stdout = CompletableFuture.supplyAsync(() -> read(process.getInputStream()));
        CompletableFuture<String> stderr = CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
        try {
            if (!process.waitFor(command.timeout().toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new DriverException(command.argv().getFirst() + " did not finish within " + command.timeout()
                        + " and was killed; the device it talks to may be unreachable");
            }
            return new CommandResult(process.exitValue(), stdout.get(), stderr.get());
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while running " + command.argv().getFirst(), e);
        } catch (ExecutionException e) {
            throw new DriverException("cannot read the output of " + command.argv().getFirst() + ": "
                    + e.getCause().getMessage(), e);
        }
    }

    private static String read(InputStream stream) {
        try (stream) {
            return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
