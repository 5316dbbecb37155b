package dev.ferrum.conductor.configdrive;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One file of a config drive: its path below the drive's root, such as
 * {@code openstack/latest/meta_data.json}, and its text (written as UTF-8).
 */
public record ConfigDriveFile(String path, String text) {

    public ConfigDriveFile {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(text, "text");
        if (path.isEmpty() || path.startsWith("/") || path.endsWith("/")) {
            throw new IllegalArgumentException("a config drive path is relative and names a file: " + path);
        }
    }

    /** The bytes written to the drive. */
    public byte[] bytes() {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
