package dev.ferrum.hardware.generic.erase;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Live, thread-safe progress of an erase: the erase threads update it, anyone may take a
 * {@link #snapshot()} at any time (e.g. to answer a status poll while the command runs).
 */
public final class EraseProgress {
    private final Map<String, Tracker> trackers = new LinkedHashMap<>();

    /** Starts tracking {@code device}; calling it again for the same device resets it. */
    synchronized Tracker track(String device) {
        Tracker tracker = new Tracker();
        trackers.put(device, tracker);
        return tracker;
    }

    /** Every tracked disk, in the order tracking started. */
    public synchronized List<DiskProgress> snapshot() {
        List<DiskProgress> result = new ArrayList<>(trackers.size());
        trackers.forEach((device, t) -> result.add(
                new DiskProgress(device, t.phase.get(), t.done.get(), t.total.get())));
        return List.copyOf(result);
    }

    /** One disk's counters; each is atomic so a snapshot never needs the writer's lock. */
    static final class Tracker {
        private final AtomicReference<ErasePhase> phase = new AtomicReference<>(ErasePhase.WAITING);
        private final AtomicLong done = new AtomicLong();
        private final AtomicLong total = new AtomicLong();

        /** Enters {@code next}, counting from zero towards {@code bytesTotal}. */
        void enter(ErasePhase next, long bytesTotal) {
            total.set(bytesTotal);
            done.set(0);
            phase.set(next);
        }

        void advance(long bytes) {
            done.addAndGet(bytes);
        }

        void finish(ErasePhase last) {
            phase.set(last);
        }
    }
}
