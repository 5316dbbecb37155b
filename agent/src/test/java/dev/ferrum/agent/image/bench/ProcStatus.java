package dev.ferrum.agent.image.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/** Memory figures of a process as Linux reports them in {@code /proc/<pid>/status}, in KiB. */
public record ProcStatus(long vmHwmKiB, long vmRssKiB) {

    /** This process's figures (read from {@code /proc/self/status}). */
    public static ProcStatus self() {
        try {
            return parse(Files.readString(Path.of("/proc/self/status")));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read /proc/self/status (Linux only)", e);
        }
    }

    /** Parses the text of a status file; fails naming the missing field. */
    public static ProcStatus parse(String status) {
        return new ProcStatus(field(status, "VmHWM").orElseThrow(() -> missing("VmHWM")),
                field(status, "VmRSS").orElseThrow(() -> missing("VmRSS")));
    }

    private static OptionalLong field(String status, String name) {
        for (String line : status.split("\n")) {
            if (line.startsWith(name + ":")) {
                String value = line.substring(name.length() + 1).trim();
                if (!value.endsWith(" kB")) {
                    throw new IllegalArgumentException("unexpected unit in status line '" + line + "'");
                }
                return OptionalLong.of(Long.parseLong(value.substring(0, value.length() - 3).trim()));
            }
        }
        return OptionalLong.empty();
    }

    private static IllegalArgumentException missing(String name) {
        return new IllegalArgumentException("no " + name + " line in the process status");
    }
}
