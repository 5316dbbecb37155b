package dev.ferrum.conductor.store;

import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * How to page a listing of chassis, portgroups, volume connectors/targets or deploy templates: at most
 * {@code limit} items after {@code marker} in ({@code sortKey}, uuid) order. The sort key is the API's
 * field name; {@code id} (Ironic's default) means creation order. Each store says which keys it takes.
 */
public record Listing(int limit, Optional<UUID> marker, String sortKey, SortDirection direction) {

    public Listing {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, got " + limit);
        }
        Objects.requireNonNull(marker, "marker");
        Objects.requireNonNull(sortKey, "sortKey");
        Objects.requireNonNull(direction, "direction");
    }

    /** The first {@code limit} items in creation order. */
    public static Listing first(int limit) {
        return new Listing(limit, Optional.empty(), "id", SortDirection.ASC);
    }

    public Listing after(UUID item) {
        return new Listing(limit, Optional.of(item), sortKey, direction);
    }
}
