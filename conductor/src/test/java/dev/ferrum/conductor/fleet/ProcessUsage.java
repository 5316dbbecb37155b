package dev.ferrum.conductor.fleet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A process's CPU time so far (user + system) and resident set size, read from {@code /proc/<pid>/stat}
 * and {@code /proc/<pid>/status}. Parsing is kept apart from reading so fixture text tests it.
 */
record ProcessUsage(Duration cpuTime, long residentBytes) {
    /** Linux reports stat's times in USER_HZ, which the kernel fixes at 100 for user space on every architecture. */
    private static final long TICKS_PER_SECOND = 100;

    static ProcessUsage read(Path procRoot, long pid) {
        Path dir = procRoot.resolve(Long.toString(pid));
        try {
            return parse(Files.readString(dir.resolve("stat")), Files.readString(dir.resolve("status")));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir + " (has process " + pid + " exited?)", e);
        }
    }

    static ProcessUsage parse(String stat, String status) {
        // The command name (field 2) is in parentheses and may hold spaces or ')': count fields after the last ')'.
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            throw new IllegalArgumentException("not a /proc/<pid>/stat line: " + stat);
        }
        String[] rest = stat.substring(close + 1).trim().split("\\s+");
        // rest[0] is field 3 (state); utime and stime are fields 14 and 15.
        long ticks = Long.parseLong(rest[14 - 3]) + Long.parseLong(rest[15 - 3]);
        long rssKib = status.lines().filter(line -> line.startsWith("VmRSS:")).findFirst()
                .map(line -> Long.parseLong(line.substring("VmRSS:".length()).trim().split("\\s+")[0]))
                .orElseThrow(() -> new IllegalArgumentException("no VmRSS line in /proc/<pid>/status"));
        return new ProcessUsage(Duration.ofMillis(ticks * 1000 / TICKS_PER_SECOND), rssKib * 1024);
    }

    /** CPU used between {@code earlier} and this reading, as a percentage of one core over {@code wall}. */
    double cpuPercentSince(ProcessUsage earlier, Duration wall) {
        return 100.0 * cpuTime.minus(earlier.cpuTime).toNanos() / wall.toNanos();
    }
}
