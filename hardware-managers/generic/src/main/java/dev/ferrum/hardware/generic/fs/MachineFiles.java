package dev.ferrum.hardware.generic.fs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Reads the small files and links of sysfs, procfs and /dev without throwing: a file that is
 * missing, unreadable or blank is simply absent, because on real machines optional attributes come
 * and go with kernels and drivers (and some, like a down NIC's {@code carrier}, fail on read).
 */
public final class MachineFiles {
    private MachineFiles() {
    }

    /** The file's text with surrounding whitespace and trailing NULs removed; empty when absent or blank. */
    public static Optional<String> text(Path file) {
        return bytes(file)
                .map(b -> new String(b, StandardCharsets.UTF_8).replace('\0', ' ').strip())
                .filter(s -> !s.isEmpty());
    }

    /** The file's first line, stripped; empty when absent or blank. */
    public static Optional<String> firstLine(Path file) {
        return text(file).map(t -> t.lines().findFirst().orElse("").strip()).filter(s -> !s.isEmpty());
    }

    /** The file's whole content; empty when it cannot be read. */
    public static Optional<byte[]> bytes(Path file) {
        try {
            return Optional.of(Files.readAllBytes(file));
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** The file's text as a whole decimal number; empty when absent or not a number. */
    public static Optional<Long> number(Path file) {
        return text(file).flatMap(MachineFiles::parseLong);
    }

    /** {@code text} as a decimal long, empty when it is not one. */
    public static Optional<Long> parseLong(String text) {
        try {
            return Optional.of(Long.parseLong(text.strip()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The entry names of {@code dir}, sorted; empty when it is not a readable directory. */
    public static List<String> names(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException | SecurityException e) {
            return List.of();
        }
    }

    /** Where the symbolic link {@code link} points, as written; empty when it is not a link. */
    public static Optional<Path> linkTarget(Path link) {
        try {
            return Optional.of(Files.readSymbolicLink(link));
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** The last element of the link's target ({@code igb} for a driver link); empty when not a link. */
    public static Optional<String> linkName(Path link) {
        return linkTarget(link).map(Path::getFileName).map(Path::toString);
    }

    /** {@code path} with every link resolved; empty when it does not exist. */
    public static Optional<Path> realPath(Path path) {
        try {
            return Optional.of(path.toRealPath());
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    public static boolean exists(Path path) {
        return Files.exists(path);
    }

    public static boolean isDirectory(Path path) {
        return Files.isDirectory(path);
    }
}
