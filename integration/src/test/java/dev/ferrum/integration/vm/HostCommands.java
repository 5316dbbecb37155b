package dev.ferrum.integration.vm;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Runs the host tools the VM test needs (ip, qemu-img, …) and finds them on the PATH. */
final class HostCommands {
    private HostCommands() {
    }

    /** Runs {@code command} and returns its output; fails with the output when it exits non-zero. */
    static String run(String... command) {
        Result result = attempt(command);
        if (result.exitCode() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed with exit code " + result.exitCode()
                    + ": " + result.output().strip());
        }
        return result.output();
    }

    /** Runs {@code command} to the end (at most 60 s) whatever it returns. */
    static Result attempt(String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                return new Result(-1, output + " (timed out)");
            }
            return new Result(process.exitValue(), output);
        } catch (IOException e) {
            return new Result(127, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted");
        }
    }

    /** The program's path, from the PATH and the sbin directories (the test runs as root). */
    static Optional<Path> find(String program) {
        List<String> entries = new java.util.ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)));
        entries.addAll(List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin"));
        return entries.stream().filter(entry -> !entry.isEmpty()).map(entry -> Path.of(entry, program))
                .filter(Files::isExecutable).findFirst();
    }

    static boolean isRoot() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .anyMatch(line -> line.startsWith("Uid:") && line.split("\\s+")[1].equals("0"));
        } catch (IOException e) {
            return false;
        }
    }

    record Result(int exitCode, String output) {
    }
}
