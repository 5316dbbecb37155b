package dev.ferrum.conductor.driver.command;

import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.support.process.ProcessFailure;
import dev.ferrum.support.process.ProcessOutcome;
import dev.ferrum.support.process.ProcessRunner;
import dev.ferrum.support.process.ProcessSpec;
import java.util.Optional;
import java.util.Set;

/** {@link CommandRunner} that starts real processes (through the shared process runner), killing on timeout. */
public final class ProcessCommandRunner implements CommandRunner {
    private final ProcessRunner processes = new ProcessRunner();

    @Override
    public CommandResult run(Command command) {
        String program = command.argv().getFirst();
        try {
            ProcessOutcome outcome = processes.run(new ProcessSpec(command.argv(), command.environment(), Set.of(),
                    Optional.empty(), Optional.empty(), command.timeout()));
            return new CommandResult(outcome.exitCode(), outcome.stdout(), outcome.stderr());
        } catch (ProcessFailure e) {
            throw switch (e.kind()) {
                case CANNOT_START -> new DriverException("cannot run " + program + ": " + e.detail()
                        + "; install it or configure its path", e.getCause());
                case TIMED_OUT -> new DriverException(program + " did not finish within " + command.timeout()
                        + " and was killed; the device it talks to may be unreachable");
                case INTERRUPTED -> new DriverException("interrupted while running " + program, e.getCause());
                case OUTPUT_UNREADABLE -> new DriverException("cannot read the output of " + program + ": "
                        + e.detail(), e.getCause());
            };
        }
    }
}
