package dev.ferrum.conductor.api;

import dev.ferrum.conductor.error.InvalidInputException;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The query parameters one endpoint takes, and the microversion each needs. Ironic's handlers name their
 * parameters in their signature and answer 400 "Unexpected arguments: ..." for any other, so a misspelt
 * filter ({@code ?name=x}, {@code ?bogus=1}) is refused rather than silently listing everything; a known
 * parameter sent below the version that introduced it is a 406. A resource declares its set once and
 * calls {@link #check} first thing in the handler.
 *
 * @param names every parameter the endpoint takes
 * @param sinceMinor for the parameters that came later, the v1 minor version that introduced each
 */
public record QueryParameters(Set<String> names, Map<String, Integer> sinceMinor) {
    /** An endpoint that takes none. */
    public static final QueryParameters NONE = new QueryParameters(Set.of(), Map.of());
    /** What Ironic's node and port show endpoints take: {@code fields}, from 1.8. */
    public static final QueryParameters FIELDS_ONLY = of("fields").since(8, "fields");
    /** The paging and sorting parameters every Ironic list takes. */
    public static final QueryParameters PAGING = of("marker", "limit", "sort_key", "sort_dir");

    public QueryParameters {
        names = Set.copyOf(names);
        sinceMinor = Map.copyOf(sinceMinor);
    }

    public static QueryParameters of(String... names) {
        return new QueryParameters(Set.of(names), Map.of());
    }

    /** This set and {@code more}. */
    public QueryParameters and(String... more) {
        Set<String> all = new LinkedHashSet<>(names);
        all.addAll(List.of(more));
        return new QueryParameters(all, sinceMinor);
    }

    /** This set, with {@code later} (taken too) needing API version 1.{@code minor}. */
    public QueryParameters since(int minor, String... later) {
        Map<String, Integer> since = new HashMap<>(sinceMinor);
        for (String name : later) {
            since.put(name, minor);
        }
        return new QueryParameters(and(later).names, since);
    }

    /** This set without {@code fewer} (a {@code /detail} path takes neither {@code fields} nor {@code detail}). */
    public QueryParameters without(String... fewer) {
        Set<String> all = new LinkedHashSet<>(names);
        Map<String, Integer> since = new HashMap<>(sinceMinor);
        for (String name : fewer) {
            all.remove(name);
            since.remove(name);
        }
        return new QueryParameters(all, since);
    }

    /** 400 naming every parameter of the request this endpoint does not take; 406 for one newer than the request. */
    public void check(ApiCall call) {
        Set<String> given = call.queryNames();
        Set<String> unexpected = new TreeSet<>(given);
        unexpected.removeAll(names);
        if (!unexpected.isEmpty()) {
            throw new InvalidInputException("Unexpected arguments: " + String.join(", ", unexpected));
        }
        for (String name : new TreeSet<>(given)) {
            Integer minor = sinceMinor.get(name);
            if (minor != null && !call.atLeast(1, minor)) {
                throw new ApiException(406, "Request not acceptable. The minimal required API version should be 1."
                        + minor + " (for the parameter " + name + ").");
            }
        }
    }
}
