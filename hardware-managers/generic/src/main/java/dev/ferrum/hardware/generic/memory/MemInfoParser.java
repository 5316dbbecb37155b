package dev.ferrum.hardware.generic.memory;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses {@code /proc/meminfo}: only {@code MemTotal}, which the kernel gives in KiB. */
public final class MemInfoParser {
    private static final Pattern MEM_TOTAL = Pattern.compile("(?m)^MemTotal:\\s*(\\d+)\\s*(kB)?\\s*$");

    private MemInfoParser() {
    }

    /** Usable memory in bytes; empty when the line is missing, malformed or zero. */
    public static Optional<Long> totalBytes(String meminfo) {
        Matcher m = MEM_TOTAL.matcher(meminfo);
        if (!m.find()) {
            return Optional.empty();
        }
        try {
            long value = Long.parseLong(m.group(1));
            long bytes = m.group(2) == null ? value : Math.multiplyExact(value, 1024L);
            return bytes > 0 ? Optional.of(bytes) : Optional.empty();
        } catch (NumberFormatException | ArithmeticException e) {
            return Optional.empty();
        }
    }
}
