package dev.ferrum.imagebuilder.kernel;

import java.nio.file.Path;
import java.util.List;

/**
 * A kernel module chosen for the ramdisk: its name (underscores), its path relative to
 * {@code lib/modules/<version>} without a compression suffix, the uncompressed host file to copy,
 * the names it depends on, and its aliases from {@code .modinfo} (the device modaliases it drives,
 * {@code fs-ext4}, {@code crypto-crc32c}, ...).
 */
public record KernelModule(String name, String relativePath, Path file, List<String> depends, List<String> aliases) {
    public KernelModule {
        depends = List.copyOf(depends);
        aliases = List.copyOf(aliases);
    }

    /** A module whose aliases are not known. */
    public KernelModule(String name, String relativePath, Path file, List<String> depends) {
        this(name, relativePath, file, depends, List.of());
    }
}
