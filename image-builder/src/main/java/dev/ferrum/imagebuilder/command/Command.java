package dev.ferrum.imagebuilder.command;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One external program invocation: its argument vector, where it runs, where its standard output
 * goes (captured when no file is given) and how long it may take.
 */
public record Command(List<String> argv, Optional<Path> workingDirectory, Optional<Path> stdoutFile, Duration timeout) {

    /** Long enough for jlink or an AOT training run on a slow two-core machine. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);

    public Command {
        argv = List.copyOf(argv);
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("a command needs at least a program name");
        }
    }

    public static Command of(List<String> argv) {
        return new Command(argv, Optional.empty(), Optional.empty(), DEFAULT_TIMEOUT);
    }

    public static Command of(String... argv) {
        return of(List.of(argv));
    }

    /** The same command run from {@code directory}. */
    public Command in(Path directory) {
        return new Command(argv, Optional.of(directory), stdoutFile, timeout);
    }

    /** The same command with its standard output written to {@code file} instead of captured. */
    public Command stdoutTo(Path file) {
        return new Command(argv, workingDirectory, Optional.of(file), timeout);
    }

    public Command withTimeout(Duration limit) {
        return new Command(argv, workingDirectory, stdoutFile, limit);
    }

    /** The program as given (first argument). */
    public String program() {
        return argv.getFirst();
    }

    /** The program's file name, so fakes can answer {@code /usr/bin/strip} and {@code strip} alike. */
    public String programName() {
        String program = program();
        return program.substring(program.lastIndexOf('/') + 1);
    }

    /** The command line as a user would type it, for messages. */
    public String display() {
        return String.join(" ", argv);
    }
}
