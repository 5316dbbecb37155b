package dev.ferrum.conductor.api;

import dev.ferrum.conductor.error.InvalidInputException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The query parameters one endpoint takes. Ironic's handlers name their parameters in their signature
 * and answer 400 "Unexpected arguments: ..." for any other, so a misspelt filter ({@code ?name=x},
 * {@code ?bogus=1}) is refused rather than silently listing everything. A resource declares its set
 * once and calls {@link #check} first thing in the handler.
 */
public record QueryParameters(Set<String> names) {
    /** An endpoint that takes none. */
    public static final QueryParameters NONE = new QueryParameters(Set.of());
    /** What Ironic's show endpoints take. */
    public static final QueryParameters FIELDS_ONLY = of("fields");
    /** The paging and sorting parameters every Ironic list takes. */
    public static final QueryParameters PAGING = of("marker", "limit", "sort_key", "sort_dir");

    public QueryParameters {
        names = Set.copyOf(names);
    }

    public static QueryParameters of(String... names) {
        return new QueryParameters(Set.of(names));
    }

    /** This set and {@code more}. */
    public QueryParameters and(String... more) {
        Set<String> all = new LinkedHashSet<>(names);
        all.addAll(List.of(more));
        return new QueryParameters(all);
    }

    /** This set and {@code other}'s. */
    public QueryParameters and(QueryParameters other) {
        Set<String> all = new LinkedHashSet<>(names);
        all.addAll(other.names);
        return new QueryParameters(all);
    }

    /** This set without {@code fewer} (a {@code /detail} path takes neither {@code fields} nor {@code detail}). */
    public QueryParameters without(String... fewer) {
        Set<String> all = new LinkedHashSet<>(names);
        List.of(fewer).forEach(all::remove);
        return new QueryParameters(all);
    }

    /** 400 naming every parameter of the request this endpoint does not take. */
    public void check(ApiCall call) {
        Set<String> unexpected = new TreeSet<>(call.queryNames());
        unexpected.removeAll(names);
        if (!unexpected.isEmpty()) {
            throw new InvalidInputException("Unexpected arguments: " + String.join(", ", unexpected));
        }
    }
}
