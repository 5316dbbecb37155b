package dev.ferrum.conductor.store;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * One page of a listing; {@code nextMarker} is the uuid to pass as the next query's marker, empty
 * when this page was the last (it held fewer items than the limit).
 */
public record Page<T>(List<T> items, Optional<UUID> nextMarker) {

    public Page {
        items = List.copyOf(items);
        Objects.requireNonNull(nextMarker, "nextMarker");
    }
}
