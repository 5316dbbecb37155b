package dev.ferrum.conductor.driver.command;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A program to run: its arguments, extra environment (where secrets go, never into arguments) and
 * how long it may take. {@link #toString()} shows the environment's names only.
 */
public record Command(List<String> argv, Map<String, String> environment, Duration timeout) {
    public Command {
        argv = List.copyOf(argv);
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("a command needs a program");
        }
        environment = Map.copyOf(environment);
        Objects.requireNonNull(timeout, "timeout");
    }

    @Override
    public String toString() {
        return (environment.isEmpty() ? "" : environment.keySet() + " ") + String.join(" ", argv);
    }
}
