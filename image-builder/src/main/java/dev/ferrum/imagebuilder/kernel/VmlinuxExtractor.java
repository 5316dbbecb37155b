package dev.ferrum.imagebuilder.kernel;

import dev.ferrum.imagebuilder.ImageBuildException;
import dev.ferrum.imagebuilder.command.Command;
import dev.ferrum.imagebuilder.command.CommandRunner;
import dev.ferrum.imagebuilder.elf.ElfFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Extracts the uncompressed ELF kernel ({@code vmlinux}) from an xz-compressed bzImage. QEMU boots
 * it directly (PVH) and skips the in-guest decompression, about 7 s under software emulation.
 */
public final class VmlinuxExtractor {
    private static final byte[] XZ_MAGIC = {(byte) 0xFD, '7', 'z', 'X', 'Z', 0};
    private final CommandRunner runner;

    public VmlinuxExtractor(CommandRunner runner) {
        this.runner = runner;
    }

    public void extract(Path bzImage, Path target) {
        try {
            byte[] image = Files.readAllBytes(bzImage);
            int at = indexOf(image, XZ_MAGIC);
            if (at < 0) {
                throw new ImageBuildException(bzImage + " holds no xz stream; only xz-compressed kernels can be unpacked to vmlinux. "
                        + "Build without --vmlinux");
            }
            Path stream = Files.createTempFile(target.getParent(), "vmlinux-", ".xz");
            try {
                Files.write(stream, Arrays.copyOfRange(image, at, image.length));
                // --single-stream ignores the bzImage's bytes after the compressed kernel.
                Command command = Command.of("xz", "-dc", "--single-stream", stream.toString()).stdoutTo(target);
                runner.run(command).requireSuccess(command, "Install xz-utils, or build without --vmlinux.");
            } finally {
                Files.deleteIfExists(stream);
            }
            ElfFile.read(target);
        } catch (IOException e) {
            throw new ImageBuildException("cannot extract vmlinux from " + bzImage + ": " + e.getMessage(), e);
        }
    }

    static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
