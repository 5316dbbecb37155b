package dev.ferrum.imagebuilder.kernel;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.command.Command;
import dev.ferrum.imagebuilder.command.CommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Turns {@code .ko.xz}, {@code .ko.zst} and {@code .ko.gz} modules into plain {@code .ko} files at
 * build time, because busybox's insmod and modprobe are not built to read compressed modules.
 * The image is compressed as a whole anyway, so nothing is lost.
 */
public final class ModuleDecompressor {
    private final CommandRunner runner;
    private final Path workDirectory;

    public ModuleDecompressor(CommandRunner runner, Path workDirectory) {
        this.runner = runner;
        this.workDirectory = workDirectory;
    }

    /** The suffix-less path of a module path ({@code a/b.ko.xz} gives {@code a/b.ko}). */
    public static String uncompressedPath(String relativePath) {
        for (String suffix : new String[] {".xz", ".zst", ".gz"}) {
            if (relativePath.endsWith(".ko" + suffix)) {
                return relativePath.substring(0, relativePath.length() - suffix.length());
            }
        }
        return relativePath;
    }

    /** An uncompressed copy of {@code file} (the file itself when it is not compressed). */
    public Path uncompressed(Path file, String relativePath) {
        String plain = uncompressedPath(relativePath);
        if (plain.equals(relativePath)) {
            return file;
        }
        Path target = workDirectory.resolve(plain);
        if (Files.isRegularFile(target)) {
            return target;
        }
        String program = relativePath.endsWith(".xz") ? "xz" : relativePath.endsWith(".zst") ? "zstd" : "gzip";
        try {
            Files.createDirectories(target.getParent());
        } catch (IOException e) {
            throw new ImageBuildException("cannot create " + target.getParent() + ": " + e.getMessage(), e);
        }
        Command command = Command.of(program, "-dc", file.toString()).stdoutTo(target);
        runner.run(command).requireSuccess(command, "Install " + program + " to unpack compressed kernel modules.");
        return target;
    }
}
