package dev.ferrum.conductor.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.stream.Stream;

/**
 * Undoes a conductor start that fails half-way: stops what had started, newest first, and deletes the
 * directories the start created (those missing before it), so a failed start leaves no running threads,
 * no "alive" conductor and no half-made data directory behind.
 */
final class StartupGuard {
    private static final System.Logger LOG = System.getLogger(StartupGuard.class.getName());

    /** Something started that must be stopped if the start fails. */
    @FunctionalInterface
    interface Undo {
        void run() throws Exception;
    }

    private final List<Path> created;
    private final Deque<Undo> started = new ArrayDeque<>();

    private StartupGuard(List<Path> created) {
        this.created = List.copyOf(created);
    }

    /** A guard for a start that may create {@code directories} (absolute paths). */
    static StartupGuard creating(List<Path> directories) {
        List<Path> missing = new ArrayList<>();
        for (Path directory : directories) {
            Path top = directory.toAbsolutePath().normalize();
            if (Files.exists(top)) {
                continue;
            }
            // The outermost missing ancestor is what the start would create.
            while (top.getParent() != null && !Files.exists(top.getParent())) {
                top = top.getParent();
            }
            Path outermost = top;
            if (missing.stream().noneMatch(outermost::startsWith)) {
                missing.removeIf(m -> m.startsWith(outermost));
                missing.add(outermost);
            }
        }
        return new StartupGuard(missing);
    }

    /** Records {@code undo} to run if the start fails. */
    void started(Undo undo) {
        started.push(undo);
    }

    /** Stops everything started and deletes the directories created; problems are added to {@code failure}. */
    void undo(RuntimeException failure) {
        while (!started.isEmpty()) {
            try {
                started.pop().run();
            } catch (Exception e) {
                failure.addSuppressed(e);
            }
        }
        for (Path directory : created) {
            try {
                deleteTree(directory);
            } catch (UncheckedIOException e) {
                LOG.log(System.Logger.Level.WARNING, "could not remove " + directory + " after a failed start: "
                        + e.getMessage());
                failure.addSuppressed(e);
            }
        }
    }

    private static void deleteTree(Path directory) {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
