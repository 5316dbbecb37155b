package dev.ferrum.conductor.agent;

import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A concurrent map of at most {@code bound} entries that drops the one added longest ago to make room: what the
 * agent client remembers per agent (token transports, pinned clients) for a fleet larger than the bound or for
 * agents that come and go. Each new key is queued once in the order it came, so making room is one poll and one
 * remove. (Taking "any" key from the map's own iterator instead scanned past the empty bins of every earlier
 * removal: a CPU profile of bench/heartbeat-ab.sh put that at a tenth of the conductor's samples once the map was
 * full.) Replacing the value of a key does not move it in the order.
 */
final class OldestFirstMap<V> {
    private final int bound;
    private final Map<String, V> entries = new ConcurrentHashMap<>();
    /** Every key of {@link #entries}, in the order it was first put; possibly, for a moment, a key just dropped. */
    private final Queue<String> order = new ConcurrentLinkedQueue<>();

    OldestFirstMap(int bound) {
        if (bound < 1) {
            throw new IllegalArgumentException("bound must be at least 1: " + bound);
        }
        this.bound = bound;
    }

    V get(String key) {
        return entries.get(key);
    }

    /** Maps {@code key} to {@code value}; a new key past the bound drops the oldest keys until it fits. */
    void put(String key, V value) {
        if (entries.put(key, value) != null) {
            return;
        }
        order.add(key);
        while (entries.size() > bound) {
            String oldest = order.poll();
            if (oldest == null) {
                return;
            }
            entries.remove(oldest);
        }
    }

    int size() {
        return entries.size();
    }
}
