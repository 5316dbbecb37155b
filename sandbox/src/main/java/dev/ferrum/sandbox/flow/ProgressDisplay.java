package dev.ferrum.sandbox.flow;

import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The sandbox's progress on a terminal: one line per machine with the step, the node's provision
 * state and how long it has been in it. On an interactive terminal the lines are redrawn in place
 * (ANSI cursor movement); otherwise (a pipe, a log, CI) a line is printed only when a machine's
 * step or state changes. Only what the API reports is shown: while deploying, the image write's
 * percent, rate and ETA come from the node's {@code driver_internal_info.agent_progress}; without a
 * report nothing is made up. In the change log a write is printed again at each quarter it passes.
 */
public final class ProgressDisplay {
    private static final String CURSOR_UP_LINES = "\033[%dF";
    private static final String CLEAR_LINE = "\033[2K";
    private static final int ERROR_WIDTH = 60;

    private final PrintStream out;
    private final boolean redrawInPlace;
    private final Supplier<List<MachineProgress>> source;
    private final Clock clock;
    private final Map<String, String> lastPrinted = new HashMap<>();
    private int linesDrawn;

    public ProgressDisplay(PrintStream out, boolean redrawInPlace, Supplier<List<MachineProgress>> source, Clock clock) {
        this.out = out;
        this.redrawInPlace = redrawInPlace;
        this.source = source;
        this.clock = clock;
    }

    /** The display's lines for {@code machines} at {@code now}: a pure function, golden-tested. */
    public static List<String> render(List<MachineProgress> machines, Instant now) {
        int width = width(machines);
        List<String> lines = new ArrayList<>();
        for (MachineProgress machine : machines) {
            String tail = switch (machine.step()) {
                case WAITING -> "";
                case DONE -> "total " + clock(Duration.between(machine.started(), machine.stateSince()));
                case FAILED -> "last_error: " + shortened(machine.lastError().orElse("(none)"));
                default -> machine.write().map(w -> write(w) + " · ").orElse("")
                        + clock(Duration.between(machine.stateSince(), now)) + " in state, total "
                        + clock(Duration.between(machine.started(), now));
            };
            lines.add((head(machine, width) + " " + tail).stripTrailing());
        }
        return lines;
    }

    /** The line printed when {@code machine}'s step or state changes (for logs and pipes), at {@code now}. */
    public static String changeLine(MachineProgress machine, int width, Instant now) {
        String tail = machine.step() == MachineProgress.Step.FAILED
                ? " last_error: " + machine.lastError().orElse("(none)")
                : machine.write().map(w -> " " + write(w)).orElse("");
        return ("[" + clock(Duration.between(machine.started(), now)) + "]" + head(machine, width) + tail).stripTrailing();
    }

    /*
     * A line wider than the terminal wraps and breaks redrawing in place; the whole last_error is
     * printed again when provisioning ends.
     */
    private static String shortened(String error) {
        String line = error.replaceAll("\\s+", " ").strip();
        return line.length() <= ERROR_WIDTH ? line : line.substring(0, ERROR_WIDTH - 1) + "…";
    }

    /** {@code 42% of 1.0 GiB, 12.3 MiB/s, ETA 0:07}; without a total, the bytes written so far. */
    static String write(ImageWriteProgress write) {
        StringBuilder text = new StringBuilder();
        if (write.percent().isPresent() && write.totalBytes().isPresent()) {
            text.append(write.percent().get()).append("% of ").append(bytes(write.totalBytes().get()));
        } else {
            text.append(bytes(write.bytesWritten())).append(" written");
        }
        text.append(", ").append(bytes(write.bytesPerSecond())).append("/s");
        write.eta().ifPresent(eta -> text.append(", ETA ").append(clock(eta)));
        return text.toString();
    }

    /** Binary units with one decimal from KiB on: {@code 512 B}, {@code 12.3 MiB}. */
    static String bytes(long count) {
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        if (count < 1024) {
            return count + " B";
        }
        double value = count;
        int unit = -1;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }

    private static String head(MachineProgress machine, int width) {
        return String.format(Locale.ROOT, "  %-" + width + "s  %-8s %-15s", machine.machine(), machine.step().label(),
                machine.provisionState());
    }

    private static int width(List<MachineProgress> machines) {
        return machines.stream().mapToInt(m -> m.machine().length()).max().orElse(1);
    }

    /** {@code m:ss}, or {@code h:mm:ss} from an hour on. */
    static String clock(Duration elapsed) {
        long seconds = Math.max(0, elapsed.toSeconds());
        return seconds >= 3600
                ? String.format(Locale.ROOT, "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
                : String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60);
    }

    /** Draws the current state: in place, or the lines of machines whose step or state changed. */
    public synchronized void refresh() {
        List<MachineProgress> machines = source.get();
        if (redrawInPlace) {
            List<String> lines = render(machines, clock.instant());
            StringBuilder frame = new StringBuilder();
            if (linesDrawn > 0) {
                frame.append(String.format(Locale.ROOT, CURSOR_UP_LINES, linesDrawn));
            }
            lines.forEach(line -> frame.append(CLEAR_LINE).append(line).append('\n'));
            out.print(frame);
            linesDrawn = lines.size();
        } else {
            Instant now = clock.instant();
            for (MachineProgress machine : machines) {
                // The quarter of the write passed, so a log shows a long write moving without a line per poll.
                String key = machine.step() + "|" + machine.provisionState() + "|"
                        + machine.write().flatMap(ImageWriteProgress::percent).map(p -> p / 25).orElse(-1);
                if (machine.step() != MachineProgress.Step.WAITING && !key.equals(lastPrinted.put(machine.machine(), key))) {
                    out.println(changeLine(machine, width(machines), now));
                }
            }
        }
        out.flush();
    }
}
