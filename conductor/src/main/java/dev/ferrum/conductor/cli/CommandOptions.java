package dev.ferrum.conductor.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * How the conductor's options are declared and read. They are declared through picocli's programmatic API instead of
 * its annotations: reading annotations makes the JDK generate a proxy class for each annotation type on every start,
 * and the class cache cannot keep generated classes, so every start paid for them before it read a single option.
 * The help and error messages are picocli's either way. {@link #command} and {@link #flag} repeat the agent's own
 * (agent/cli/CommandOptions): a shared copy in the support module would make it need picocli, which a plugin layout
 * that puts support on the module path and picocli on the class path cannot resolve (ModulePathPluginTest).
 */
final class CommandOptions {
    private CommandOptions() {
    }

    /** A command of this name and description that runs {@code command}, with {@code -h/--help} and {@code -V/--version}. */
    static CommandSpec command(Object command, String name, String description, IVersionProvider version) {
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command).name(name).versionProvider(version);
        spec.usageMessage().description(description);
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true)
                .description("Show this help message and exit.").build());
        spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true)
                .description("Print version information and exit.").build());
        return spec;
    }

    /** A flag: false unless given. */
    static OptionSpec flag(String name, String description) {
        return OptionSpec.builder(name).type(boolean.class).initialValue(false).description(description).build();
    }

    /** An option taking one value of {@code type}; finish it with a default value or not, then build. */
    static OptionSpec.Builder valued(String name, String label, Class<?> type, String description) {
        return OptionSpec.builder(name).paramLabel(label).type(type).description(description);
    }

    /** A repeatable option: each occurrence adds one {@code element} to a list, empty unless given. */
    static OptionSpec repeatable(String name, String label, Class<?> element, String description) {
        return OptionSpec.builder(name).paramLabel(label).type(List.class).auxiliaryTypes(element)
                .initialValue(new ArrayList<>()).description(description).build();
    }

    /** The parsed value of an option, its default if not given. */
    static <T> T value(CommandSpec spec, String name) {
        return option(spec, name).getValue();
    }

    /** The parsed value of an {@code int} option (typed here: a generic result would unbox as a long and fail). */
    static int intValue(CommandSpec spec, String name) {
        return option(spec, name).<Integer>getValue();
    }

    /** Whether a flag or {@code boolean} option is set. */
    static boolean isSet(CommandSpec spec, String name) {
        return option(spec, name).<Boolean>getValue();
    }

    /** The parsed value of an option that has no default: empty unless given. */
    static <T> Optional<T> optional(CommandSpec spec, String name) {
        return Optional.ofNullable(option(spec, name).<T>getValue());
    }

    /**
     * The option of this exact name ({@code --port}), from the spec's map: {@code findOption} compares every name of
     * every option, which in the interpreter made reading the settings a measurable part of a start.
     */
    private static OptionSpec option(CommandSpec spec, String name) {
        OptionSpec option = spec.optionsMap().get(name);
        if (option == null) {
            throw new IllegalArgumentException("no option " + name + " declared");
        }
        return option;
    }
}
