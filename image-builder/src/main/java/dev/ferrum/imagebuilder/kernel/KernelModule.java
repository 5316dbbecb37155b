package dev.ferrum.imagebuilder.kernel;

import java.nio.file.Path;
import java.util.List;

/**
 * A kernel module chosen for the ramdisk: its name (underscores), its path relative to
 * {@code lib/modules/<version>} without a compression suffix, the uncompressed host file to copy,
 * and the names it depends on.
 */
public record KernelModule(String name, String relativePath, Path file, List<String> depends) {
    public KernelModule {
        depends = List.copyOf(depends);
    }
}
