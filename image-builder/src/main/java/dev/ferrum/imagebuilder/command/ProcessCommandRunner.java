package dev.ferrum.imagebuilder.command;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.support.process.ProcessFailure;
import dev.ferrum.support.process.ProcessOutcome;
import dev.ferrum.support.process.ProcessRunner;
import dev.ferrum.support.process.ProcessSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs commands as child processes (through the shared process runner: standard input from
 * /dev/null, killed when they overrun their timeout). Children inherit the environment minus the JVM
 * option variables, so a user's JAVA_TOOL_OPTIONS cannot change a class cache. The search path is
 * given at construction.
 */
public final class ProcessCommandRunner implements CommandRunner {
    // These would silently change every JVM the build runs (training, dumping) and so the image.
    private static final Set<String> JVM_OPTION_VARIABLES = Set.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS",
            "_JAVA_OPTIONS");

    private final List<Path> searchPath;
    private final ProcessRunner processes = new ProcessRunner();

    /** @param searchPath the directories a bare program name is looked up in (Main passes PATH) */
    public ProcessCommandRunner(List<Path> searchPath) {
        this.searchPath = List.copyOf(searchPath);
    }

    @Override
    public CommandResult run(Command command) {
        try {
            ProcessOutcome outcome = processes.run(new ProcessSpec(command.argv(), Map.of(), JVM_OPTION_VARIABLES,
                    command.workingDirectory(), command.stdoutFile(), command.timeout()));
            return new CommandResult(outcome.exitCode(), outcome.stdout(), outcome.stderr());
        } catch (ProcessFailure e) {
            throw switch (e.kind()) {
                case CANNOT_START -> new ImageBuildException("cannot start `" + command.display() + "`: " + e.detail()
                        + ". Install the program or put it on PATH.", e.getCause());
                case TIMED_OUT -> new ImageBuildException("`" + command.display() + "` did not finish within "
                        + command.timeout().toSeconds() + " s; it was killed. Check that the machine is not overloaded.");
                case INTERRUPTED -> new ImageBuildException("interrupted while running `" + command.display() + "`",
                        e.getCause());
                case OUTPUT_UNREADABLE -> new ImageBuildException("cannot read the output of `" + command.display()
                        + "`: " + e.detail(), e.getCause());
            };
        }
    }

    @Override
    public boolean isAvailable(String program) {
        return ProcessRunner.isAvailable(program, searchPath);
    }
}
