package dev.ferrum.conductor.history;

import java.util.Objects;

/**
 * A stored timeline entry: the event and its {@code id}, its position in the whole fleet's timeline (increasing in
 * the order entries were written), which the event stream hands out as its resume cursor.
 */
public record HistoryEntry(long id, NodeEvent event) {
    public HistoryEntry {
        if (id < 1) {
            throw new IllegalArgumentException("a stored history entry has a positive id, got " + id);
        }
        Objects.requireNonNull(event, "event");
    }
}
