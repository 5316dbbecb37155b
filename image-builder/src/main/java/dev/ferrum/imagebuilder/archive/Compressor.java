package dev.ferrum.imagebuilder.archive;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.command.Command;
import dev.ferrum.imagebuilder.command.CommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Compresses archives with the {@code zstd} program. One worker thread and a fixed level make the
 * output a function of the input and the zstd version alone (the version goes into the manifest).
 */
public final class Compressor {
    private final CommandRunner runner;
    private final int zstdLevel;

    public Compressor(CommandRunner runner, int zstdLevel) {
        if (zstdLevel < 1 || zstdLevel > 19) {
            throw new ImageBuildException("zstd level must be 1..19, not " + zstdLevel);
        }
        this.runner = runner;
        this.zstdLevel = zstdLevel;
    }

    /** Writes {@code source} compressed (or copied, for {@link Compression#NONE}) to {@code target}. */
    public void compress(Path source, Path target, Compression compression) {
        switch (compression) {
            case NONE -> copy(source, target);
            case ZSTD -> {
                Command command = Command.of("zstd", "-q", "-f", "-T1", "-" + zstdLevel, "--no-progress",
                        source.toString(), "-o", target.toString());
                runner.run(command).requireSuccess(command, "Install zstd (apt-get install zstd) or build with --compression none.");
            }
        }
    }

    /** The zstd version line, for the manifest; empty when no compression is used. */
    public String version(Compression compression) {
        if (compression == Compression.NONE) {
            return "";
        }
        Command command = Command.of("zstd", "-V");
        return runner.run(command).requireSuccess(command, "Install zstd (apt-get install zstd).").stdout().strip();
    }

    private static void copy(Path source, Path target) {
        try {
            Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new ImageBuildException("cannot write " + target + ": " + e.getMessage(), e);
        }
    }
}
