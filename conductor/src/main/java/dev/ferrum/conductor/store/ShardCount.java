package dev.ferrum.conductor.store;

import java.util.Objects;
import java.util.Optional;

/** How many nodes carry a shard name; {@code name} is empty for the nodes with no shard. */
public record ShardCount(Optional<String> name, long count) {
    public ShardCount {
        Objects.requireNonNull(name, "name");
    }
}
