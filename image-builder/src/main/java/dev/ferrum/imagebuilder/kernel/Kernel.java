package dev.ferrum.imagebuilder.kernel;

import java.nio.file.Path;

/**
 * A kernel ready to use: its compressed image (bzImage), its module directory, its version
 * ({@code uname -r}) and where it came from ({@code linux-image-6.1.0-56-amd64 6.1.192-2}, or
 * {@code files}).
 */
public record Kernel(Path image, Path modulesDirectory, String version, String origin) {
}
