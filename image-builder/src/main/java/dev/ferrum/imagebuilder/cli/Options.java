package dev.ferrum.imagebuilder.cli;

import dev.ferrum.imagebuilder.archive.Compression;
import dev.ferrum.imagebuilder.build.BuildConfig;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** Option handling shared by the commands: enum words with helpful errors, and the archive mtime. */
final class Options {
    private Options() {
    }

    static Compression compression(CommandSpec spec, String word) {
        return enumOf(spec, Compression.class, word, "--compression");
    }

    static <E extends Enum<E>> E enumOf(CommandSpec spec, Class<E> type, String word, String option) {
        try {
            return Enum.valueOf(type, word.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            StringBuilder valid = new StringBuilder();
            for (E constant : type.getEnumConstants()) {
                valid.append(valid.isEmpty() ? "" : ", ").append(constant.name().toLowerCase(Locale.ROOT));
            }
            throw new ParameterException(spec.commandLine(), option + " takes one of " + valid + ", not '" + word + "'");
        }
    }

    /** The mtime from the option, else SOURCE_DATE_EPOCH, else the fixed default. */
    static Instant mtime(Optional<Long> option, Environment environment) {
        return option.map(Instant::ofEpochSecond)
                .or(environment::sourceDateEpoch)
                .orElse(BuildConfig.DEFAULT_MTIME);
    }
}
