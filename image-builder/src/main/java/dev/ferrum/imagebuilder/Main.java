package dev.ferrum.imagebuilder;

import dev.ferrum.imagebuilder.cli.BuildCommand;
import dev.ferrum.imagebuilder.cli.Environment;
import dev.ferrum.imagebuilder.cli.PluginInitrdCommand;
import dev.ferrum.imagebuilder.cli.RootCommand;
import dev.ferrum.imagebuilder.command.CommandRunner;
import dev.ferrum.imagebuilder.command.ProcessCommandRunner;
import java.io.File;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine;

/**
 * Entry point of {@code ferrum-image-builder}: reads the environment (the one place that does),
 * builds the object graph and runs the chosen command. Errors print as one line saying what to do.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        Map<String, String> env = System.getenv();
        CommandRunner runner = new ProcessCommandRunner(Arrays.stream(env.getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin")
                .split(File.pathSeparator)).filter(p -> !p.isEmpty()).map(Path::of).toList());
        System.exit(commandLine(environment(env, System.getProperty("java.home"), System.getProperty("user.home")), runner)
                .execute(args));
    }

    /** The command line with both commands, for {@code main} and for tests. */
    public static CommandLine commandLine(Environment environment, CommandRunner runner) {
        CommandLine commandLine = new CommandLine(new RootCommand());
        commandLine.addSubcommand(new BuildCommand(environment, runner));
        commandLine.addSubcommand(new PluginInitrdCommand(environment, runner));
        commandLine.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof ImageBuildException) {
                cmd.getErr().println("ferrum-image-builder: error: " + e.getMessage());
                cmd.getErr().flush();
                return 1;
            }
            throw e;
        });
        return commandLine;
    }

    static Environment environment(Map<String, String> env, String javaHome, String userHome) {
        Optional<Instant> epoch = Optional.ofNullable(env.get("SOURCE_DATE_EPOCH"))
                .filter(s -> !s.isBlank())
                .map(s -> {
                    try {
                        return Instant.ofEpochSecond(Long.parseLong(s.strip()));
                    } catch (NumberFormatException e) {
                        throw new ImageBuildException("SOURCE_DATE_EPOCH must be whole seconds since 1970, not '" + s + "'", e);
                    }
                });
        Path cache = Optional.ofNullable(env.get("XDG_CACHE_HOME")).filter(s -> !s.isBlank()).map(Path::of)
                .orElse(Path.of(userHome, ".cache")).resolve("ferrum");
        return new Environment(epoch, Path.of(javaHome), cache);
    }

}
