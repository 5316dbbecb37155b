package dev.ferrum.integration.vm;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Notes when each line of a VM's serial console first appears, by the host's clock: QEMU appends
 * the console to a file as the guest writes it, and this tails that file every few milliseconds
 * from a thread of its own. A line's time is when its first bytes arrived, so iPXE's
 * "http://…/initramfs... ok" is timed when the fetch began. For benchmarks; {@link #close} stops the thread.
 */
final class ConsoleClock implements AutoCloseable {
    /** A console line and when it started to arrive; terminal control sequences and carriage returns removed. */
    record Line(Instant seen, String text) {
    }

    private static final long POLL_MILLIS = 5;

    private final Path file;
    private final List<Line> lines = new CopyOnWriteArrayList<>();
    private final Thread thread;
    private volatile boolean running = true;

    private ConsoleClock(Path file) {
        this.file = file;
        this.thread = Thread.ofPlatform().daemon().name("console-clock").unstarted(this::tail);
    }

    /** Starts tailing {@code file} from its current end (it need not exist yet). */
    static ConsoleClock start(Path file) {
        ConsoleClock clock = new ConsoleClock(file);
        clock.thread.start();
        return clock;
    }

    /** Every complete line so far, in order. */
    List<Line> lines() {
        return List.copyOf(lines);
    }

    private void tail() {
        long offset = 0;
        try {
            offset = Files.exists(file) ? Files.size(file) : 0;
            StringBuilder current = new StringBuilder();
            Instant currentSeen = null;
            while (running) {
                long size = Files.exists(file) ? Files.size(file) : 0;
                if (size > offset) {
                    Instant now = Instant.now();
                    byte[] chunk = new byte[(int) Math.min(size - offset, 1 << 20)];
                    try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
                        in.seek(offset);
                        in.readFully(chunk);
                    }
                    offset += chunk.length;
                    for (char c : new String(chunk, StandardCharsets.ISO_8859_1).toCharArray()) {
                        if (currentSeen == null) {
                            currentSeen = now;
                        }
                        if (c == '\n') {
                            lines.add(new Line(currentSeen, BmcManagedVm.plainText(current.toString())));
                            current.setLength(0);
                            currentSeen = null;
                        } else {
                            current.append(c);
                        }
                    }
                }
                Thread.sleep(POLL_MILLIS);
            }
        } catch (IOException e) {
            System.out.println("ConsoleClock: stopped reading " + file + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
    }
}
