package dev.ferrum.conductor.sealing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Base64;
import java.util.Set;

/**
 * Reads a sealing key file: exactly 32 bytes, raw or base64 (one line, e.g. from
 * {@code head -c 32 /dev/urandom | base64}). A file others may read or write is refused, since it
 * would hand the key to every local user.
 */
public final class SealingKeyFile {
    private SealingKeyFile() {
    }

    /** The key in {@code file}; a {@link SealingException} says in one line what is wrong with it. */
    public static SealingKey read(Path file) {
        byte[] content;
        try {
            checkPermissions(file);
            content = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new SealingException("secrets key file " + file + " cannot be read: " + e.getMessage(), e);
        }
        if (content.length == SealingKey.LENGTH) {
            return SealingKey.of(content);
        }
        String text = new String(content, StandardCharsets.US_ASCII).strip();
        byte[] decoded;
        try {
            decoded = Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw wrongLength(file, content.length + " bytes that are not base64");
        }
        if (decoded.length != SealingKey.LENGTH) {
            throw wrongLength(file, "base64 of " + decoded.length + " bytes");
        }
        return SealingKey.of(decoded);
    }

    private static SealingException wrongLength(Path file, String found) {
        return new SealingException("secrets key file " + file + " must hold 32 random bytes (raw or base64), found "
                + found + "; make one with: head -c 32 /dev/urandom | base64 > FILE && chmod 600 FILE");
    }

    private static void checkPermissions(Path file) throws IOException {
        if (!Files.getFileStore(file).supportsFileAttributeView("posix")) {
            return;
        }
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
        if (permissions.contains(PosixFilePermission.OTHERS_READ)
                || permissions.contains(PosixFilePermission.OTHERS_WRITE)) {
            throw new SealingException("secrets key file " + file + " is accessible to every user; restrict it with"
                    + " chmod 600 (or 640 for a service group) and start again");
        }
    }
}
