package dev.ferrum.support.process;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One program to run: its argument vector, what to add to and remove from the inherited environment,
 * where to run it, whether standard output goes to a file instead of being captured, and how long it
 * may take before it is killed. Standard input is always {@code /dev/null}, so a program that prompts
 * fails instead of hanging.
 */
public record ProcessSpec(List<String> argv, Map<String, String> addedEnvironment, Set<String> removedEnvironment,
        Optional<Path> workingDirectory, Optional<Path> stdoutFile, Duration timeout) {

    public ProcessSpec {
        argv = List.copyOf(argv);
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("a process needs at least a program name");
        }
        addedEnvironment = Map.copyOf(addedEnvironment);
        removedEnvironment = Set.copyOf(removedEnvironment);
    }

    /** {@code argv} with the inherited environment, in the current directory, output captured. */
    public static ProcessSpec of(List<String> argv, Duration timeout) {
        return new ProcessSpec(argv, Map.of(), Set.of(), Optional.empty(), Optional.empty(), timeout);
    }

    /** The program, as given first in {@link #argv()}. */
    public String program() {
        return argv.getFirst();
    }
}
