package dev.ferrum.imagebuilder.cli;

import picocli.CommandLine.Command;

/** {@code ferrum-image-builder}: the parent of {@code build} and {@code plugin-initrd}. */
@Command(name = "ferrum-image-builder", mixinStandardHelpOptions = true, version = "ferrum-image-builder 0.1.0",
        description = "Builds the Ferrum agent ramdisk (kernel + reproducible initramfs) and plugin initrds.")
public final class RootCommand {
}
