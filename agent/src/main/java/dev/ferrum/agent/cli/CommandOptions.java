package dev.ferrum.agent.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * What every {@code ferrum-agent} command declares alike. The commands are declared through picocli's programmatic
 * API instead of its annotations: reading annotations makes the JDK generate a proxy class for each annotation type
 * on every start, and no class cache keeps generated classes; in the ramdisk, under emulation, that start-up work is
 * paid on every boot before the agent can look its node up.
 */
final class CommandOptions {
    private CommandOptions() {
    }

    /** A command of this name and description that runs {@code command}, with {@code -h/--help} and {@code -V/--version}. */
    static CommandSpec command(Object command, String name, String description) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command).name(name).versionProvider(new AgentVersion());
        spec.usageMessage().description(description);
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true)
                .description("Show this help message and exit.").build());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true)
                .description("Print version information and exit.").build());
        return spec;
    }

    /** {@code --plugins DIR[,DIR...]}: directories of vendor hardware-manager jars, for each command that loads them. */
    static OptionSpec pluginDirectories() {
        return OptionSpec.builder("--plugins").paramLabel("DIR").type(List.class).auxiliaryTypes(Path.class)
                .splitRegex(",").initialValue(new ArrayList<Path>())
                .description("Also load vendor hardware-manager jars from these directories.").build();
    }

    /** A flag: false unless given. */
    static OptionSpec flag(String name, String description) {
        return OptionSpec.builder(name).type(boolean.class).initialValue(false).description(description).build();
    }
}
