package dev.ferrum.hardware.generic.reconcile;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Chooses between OSHI's and sysfs's answer to one fact, and logs a difference once per fact (per
 * section, device and field) for the life of the manager, so that a wrong parser or a wrong OSHI
 * mapping shows up in the agent's log without repeating on every inventory.
 */
public final class Disagreements {
    private static final System.Logger LOG = System.getLogger(Disagreements.class.getName());

    /** Which source the inventory keeps when both answer and they differ. */
    public enum Precise {
        OSHI, SYSFS
    }

    private final Set<String> logged = ConcurrentHashMap.newKeySet();
    private final Consumer<String> sink;

    /** Differences go to the log as warnings. */
    public Disagreements() {
        this(line -> LOG.log(System.Logger.Level.WARNING, line));
    }

    /** Differences go to {@code sink} (the contract test collects them). */
    public Disagreements(Consumer<String> sink) {
        this.sink = Objects.requireNonNull(sink, "sink");
    }

    /** Takes the precise side when it answers, else the other; logs once when both answer and differ. */
    public <T> Optional<T> pick(String subject, String field, Optional<T> oshi, Optional<T> sysfs, Precise precise) {
        return pick(subject, field, oshi, sysfs, precise, Objects::equals);
    }

    /** As {@link #pick(String, String, Optional, Optional, Precise)}, with {@code same} telling equal answers apart. */
    public <T> Optional<T> pick(String subject, String field, Optional<T> oshi, Optional<T> sysfs, Precise precise,
            BiPredicate<T, T> same) {
        if (oshi.isPresent() && sysfs.isPresent() && !same.test(oshi.get(), sysfs.get())) {
            note(subject, field, oshi.get() + " from OSHI, " + sysfs.get() + " from sysfs/procfs; keeping the "
                    + precise.name().toLowerCase(Locale.ROOT) + " value");
        }
        return precise == Precise.OSHI ? oshi.or(() -> sysfs) : sysfs.or(() -> oshi);
    }

    /** Logs {@code what} about {@code subject}'s {@code field} unless it was logged before. */
    public void note(String subject, String field, String what) {
        if (logged.add(subject + "\u0000" + field)) {
            sink.accept("hardware facts disagree: " + subject + " " + field + ": " + what);
        }
    }

    /** The facts already logged, as {@code subject field}; for tests. */
    Set<String> loggedFacts() {
        return logged.stream().map(k -> k.replace('\u0000', ' ')).collect(Collectors.toSet());
    }
}
