package dev.ferrum.imagebuilder.kernel;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the kernel comes from: files the user has, a Debian package fetched into the cache, or
 * nowhere, for a build that only exports the container rootfs (containers share the host's kernel).
 */
public sealed interface KernelSource permits KernelSource.Files, KernelSource.DebianPackage, KernelSource.RootfsOnly {

    /** A bzImage and its module directory ({@code lib/modules/<version>}). */
    record Files(Path image, Path modulesDirectory) implements KernelSource {
    }

    /**
     * A Debian kernel package: a meta package such as {@code linux-image-amd64} (its pinned
     * {@code linux-image-<version>} dependency is used) or an image package, optionally pinned.
     */
    record DebianPackage(String name, Optional<String> version) implements KernelSource {
    }

    /** No kernel and no modules: the build writes only {@code rootfs.tar} and the manifest. */
    record RootfsOnly() implements KernelSource {
    }
}
