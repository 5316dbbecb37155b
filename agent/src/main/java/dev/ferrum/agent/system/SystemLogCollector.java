package dev.ferrum.agent.system;

import dev.ferrum.hardware.spi.CommandException;
import dev.ferrum.hardware.spi.CommandResult;
import dev.ferrum.hardware.spi.CommandRunner;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;

/**
 * Gathers what an operator needs to debug a failed deploy or clean — kernel log, network and disk
 * state, the agent's own log — into a gzipped tar, base64-encoded as IPA's
 * {@code log.collect_system_logs} returns it. A tool that is missing or fails is noted in
 * {@code collection-errors.txt} inside the archive; collection itself never fails for it.
 */
public final class SystemLogCollector {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** Output larger than this per source is truncated: the archive travels inside a JSON body. */
    private static final int MAX_BYTES_PER_SOURCE = 4 << 20;

    /** Commands whose output is collected, by archive entry name. */
    private static final Map<String, List<String>> COMMANDS = new TreeMap<>(Map.of(
            "dmesg.txt", List.of("dmesg"),
            "ip-addr.txt", List.of("ip", "addr"),
            "ip-route.txt", List.of("ip", "route"),
            "lsblk.txt", List.of("lsblk", "--all", "--bytes", "--output", "NAME,SIZE,TYPE,FSTYPE,MOUNTPOINT,SERIAL,WWN"),
            "df.txt", List.of("df", "-a"),
            "ps.txt", List.of("ps"),
            "journal.txt", List.of("journalctl", "--no-pager", "--boot")));

    private final CommandRunner commands;
    private final Path procRoot;
    private final List<Path> logFiles;

    /**
     * @param procRoot {@code /proc} (relocatable for tests)
     * @param logFiles extra files to include, such as the agent's own log
     */
    public SystemLogCollector(CommandRunner commands, Path procRoot, List<Path> logFiles) {
        this.commands = commands;
        this.procRoot = procRoot;
        this.logFiles = List.copyOf(logFiles);
    }

    /** The logs as base64 of a gzipped tar. */
    public String collectBase64() {
        return Base64.getEncoder().encodeToString(collect());
    }

    /** The logs as a gzipped tar. */
    public byte[] collect() {
        Map<String, byte[]> entries = new TreeMap<>();
        List<String> errors = new ArrayList<>();
        COMMANDS.forEach((entry, argv) -> runInto(entries, errors, entry, argv));
        for (String file : List.of("cmdline", "meminfo", "mounts", "cpuinfo", "modules")) {
            copyInto(entries, errors, "proc/" + file, procRoot.resolve(file));
        }
        for (Path file : logFiles) {
            copyInto(entries, errors, "logs/" + file.getFileName(), file);
        }
        if (!errors.isEmpty()) {
            entries.put("collection-errors.txt", String.join("\n", errors).concat("\n").getBytes(StandardCharsets.UTF_8));
        }
        return targz(entries);
    }

    private void runInto(Map<String, byte[]> entries, List<String> errors, String entry, List<String> argv) {
        if (!commands.isAvailable(argv.getFirst())) {
            errors.add(argv.getFirst() + ": not installed in this ramdisk");
            return;
        }
        try {
            CommandResult result = commands.run(argv, TIMEOUT);
            entries.put(entry, truncate((result.stdout() + result.stderr()).getBytes(StandardCharsets.UTF_8)));
            if (!result.succeeded()) {
                errors.add(String.join(" ", argv) + ": exit code " + result.exitCode());
            }
        } catch (CommandException e) {
            errors.add(e.getMessage());
        }
    }

    private static void copyInto(Map<String, byte[]> entries, List<String> errors, String entry, Path file) {
        try {
            entries.put(entry, truncate(Files.readAllBytes(file)));
        } catch (IOException e) {
            errors.add(file + ": " + e.getMessage());
        }
    }

    private static byte[] truncate(byte[] data) {
        if (data.length <= MAX_BYTES_PER_SOURCE) {
            return data;
        }
        // Keep the end: the most recent lines are the ones that explain a failure.
        byte[] tail = new byte[MAX_BYTES_PER_SOURCE];
        System.arraycopy(data, data.length - MAX_BYTES_PER_SOURCE, tail, 0, MAX_BYTES_PER_SOURCE);
        return tail;
    }

    private static byte[] targz(Map<String, byte[]> entries) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Instant now = Instant.now();
        try (GZIPOutputStream gzip = new GZIPOutputStream(bytes);
                TarArchiveOutputStream tar = new TarArchiveOutputStream(gzip)) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            for (Map.Entry<String, byte[]> entry : entries.entrySet()) {
                TarArchiveEntry header = new TarArchiveEntry(entry.getKey());
                header.setSize(entry.getValue().length);
                header.setMode(0644);
                header.setModTime(now.toEpochMilli());
                tar.putArchiveEntry(header);
                tar.write(entry.getValue());
                tar.closeArchiveEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot pack the system logs", e);
        }
        return bytes.toByteArray();
    }
}
