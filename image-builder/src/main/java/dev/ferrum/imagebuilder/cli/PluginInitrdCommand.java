package dev.ferrum.imagebuilder.cli;

import dev.ferrum.imagebuilder.archive.Compression;
import dev.ferrum.imagebuilder.archive.Compressor;
import dev.ferrum.imagebuilder.build.PluginInitrdBuilder;
import dev.ferrum.imagebuilder.command.CommandRunner;
import dev.ferrum.imagebuilder.plan.BuildPlan;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code plugin-initrd}: packs plugin jars into a second initrd that lands in /opt/ferrum/plugins. */
@Command(name = "plugin-initrd", mixinStandardHelpOptions = true,
        description = "Pack hardware-manager plugin jars into an initrd to load after the agent's initramfs "
                + "(iPXE: a second 'initrd' line). The jars appear in /opt/ferrum/plugins; nothing is rebuilt.")
public final class PluginInitrdCommand implements Callable<Integer> {
    private final Environment environment;
    private final CommandRunner runner;

    @Spec
    CommandSpec spec;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE", description = "The initrd to write.")
    Path output;

    @Option(names = "--compression", defaultValue = "none", paramLabel = "none|zstd",
            description = "Compression (default: ${DEFAULT-VALUE}; jars are compressed already).")
    String compression;

    @Option(names = "--zstd-level", defaultValue = "10", paramLabel = "N", description = "zstd level 1-19 (default: ${DEFAULT-VALUE}).")
    int zstdLevel;

    @Option(names = "--source-date-epoch", paramLabel = "SECONDS",
            description = "The mtime of every entry (default: $SOURCE_DATE_EPOCH, else 2026-01-01).")
    Optional<Long> sourceDateEpoch;

    @Parameters(arity = "1..*", paramLabel = "JAR", description = "Plugin jars.")
    List<Path> jars;

    public PluginInitrdCommand(Environment environment, CommandRunner runner) {
        this.environment = environment;
        this.runner = runner;
    }

    @Override
    public Integer call() {
        Compression chosen = Options.compression(spec, compression);
        BuildPlan plan = new PluginInitrdBuilder(new Compressor(runner, zstdLevel))
                .build(jars, output, chosen, Options.mtime(sourceDateEpoch, environment));
        spec.commandLine().getOut().printf("%s: %d plugin jar(s), %s%n", output, plan.files().size(), chosen.name().toLowerCase());
        spec.commandLine().getOut().flush();
        return 0;
    }
}
