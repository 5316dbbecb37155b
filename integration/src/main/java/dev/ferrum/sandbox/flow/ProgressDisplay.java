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
 * step or state changes. Only what the API reports is shown: the conductor does not expose the
 * agent's write progress, so no percentage is made up.
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
                default -> clock(Duration.between(machine.stateSince(), now)) + " in state, total "
                        + clock(Duration.between(machine.started(), now));
            };
            lines.add((head(machine, width) + " " + tail).stripTrailing());
        }
        return lines;
    }

    /** The line printed when {@code machine}'s step or state changes (for logs and pipes), at {@code now}. */
    public static String changeLine(MachineProgress machine, int width, Instant now) {
        String tail = machine.step() == MachineProgress.Step.FAILED
                ? " last_error: " + machine.lastError().orElse("(none)") : "";
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
                String key = machine.step() + "|" + machine.provisionState();
                if (machine.step() != MachineProgress.Step.WAITING && !key.equals(lastPrinted.put(machine.machine(), key))) {
                    out.println(changeLine(machine, width(machines), now));
                }
            }
        }
        out.flush();
    }
}
