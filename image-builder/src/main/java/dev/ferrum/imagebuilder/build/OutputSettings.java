package dev.ferrum.imagebuilder.build;

import dev.ferrum.imagebuilder.archive.Compression;
import java.nio.file.Path;

/**
 * What the build writes into {@code directory}: always {@code vmlinuz}, {@code initramfs} and
 * {@code manifest.json}; {@code vmlinux} (the uncompressed kernel, for fast direct QEMU boots)
 * and {@code rootfs.tar} (the same tree for {@code docker import}) on request.
 */
public record OutputSettings(Path directory, Compression compression, int zstdLevel, boolean vmlinux, boolean rootfsTar) {
}
