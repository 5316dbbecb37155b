package dev.ferrum.pxe.dhcp;

import dev.ferrum.pxe.PxeException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * Whole-file replacement that readers never see half done: the text goes to a hidden temporary
 * file beside the target ({@code .<name>.tmp}, which dnsmasq's directory watch ignores because it
 * starts with a dot), is flushed to disk, then renamed over the target in one step.
 */
final class AtomicFiles {
    private AtomicFiles() {
    }

    /** Writes {@code text} to {@code target} unless it already holds exactly that; true if written. */
    static boolean writeIfChanged(Path target, String text) {
        if (read(target).filter(text::equals).isPresent()) {
            return false;
        }
        Path temporary = target.resolveSibling("." + target.getFileName() + ".tmp");
        try {
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                channel.write(StandardCharsets.UTF_8.encode(text));
                channel.force(true);
            }
            try {
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                throw new PxeException("cannot replace " + target + " atomically (" + e.getMessage()
                        + "); keep the directory on a local file system", e);
            }
            return true;
        } catch (IOException e) {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException ignored) {
                // The original error is the one worth reporting; a stray dot-file is harmless.
            }
            throw new PxeException("cannot write " + target + ": " + e.getMessage()
                    + "; check that the directory exists and this process may write to it", e);
        }
    }

    /** The file's text, or empty if there is no such file. */
    static Optional<String> read(Path file) {
        try {
            return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new PxeException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
