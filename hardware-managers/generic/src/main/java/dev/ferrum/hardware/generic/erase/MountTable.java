package dev.ferrum.hardware.generic.erase;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The block devices this system is using: mount sources from {@code /proc/mounts} and active swap
 * from {@code /proc/swaps}. Only sources that are paths count; {@code proc}, {@code tmpfs} and the
 * like cannot be disks.
 */
public record MountTable(List<Entry> entries) {

    /** One use of a device: its source path as the kernel printed it, and where it is used. */
    public record Entry(String source, String usedAs) {

        public Entry {
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(usedAs, "usedAs");
        }
    }

    public MountTable {
        entries = List.copyOf(Objects.requireNonNull(entries, "entries"));
    }

    /** Parses the text of {@code /proc/mounts} and {@code /proc/swaps} (either may be empty). */
    public static MountTable parse(String procMounts, String procSwaps) {
        List<Entry> found = new ArrayList<>();
        for (String line : procMounts.split("\n")) {
            String[] fields = line.strip().split("\\s+");
            if (fields.length >= 2 && fields[0].startsWith("/")) {
                found.add(new Entry(unescape(fields[0]), "mounted at " + unescape(fields[1])));
            }
        }
        for (String line : procSwaps.split("\n")) {
            String[] fields = line.strip().split("\\s+");
            // The header line starts with "Filename"; entries start with the path.
            if (fields.length >= 1 && fields[0].startsWith("/")) {
                found.add(new Entry(unescape(fields[0]), "used as swap"));
            }
        }
        return new MountTable(found);
    }

    // The kernel writes space, tab, newline and backslash in paths as 3-digit octal escapes.
    private static String unescape(String field) {
        if (field.indexOf('\\') < 0) {
            return field;
        }
        StringBuilder out = new StringBuilder(field.length());
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '\\' && isOctal(field, i + 1)) {
                out.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static boolean isOctal(String text, int from) {
        if (from + 3 > text.length()) {
            return false;
        }
        for (int i = from; i < from + 3; i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '7') {
                return false;
            }
        }
        return true;
    }
}
