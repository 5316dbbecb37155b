package dev.ferrum.conductor.api.resources;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.api.ApiCall;
import dev.ferrum.conductor.api.Paging;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.store.Listing;
import dev.ferrum.conductor.store.Page;
import dev.ferrum.conductor.store.SortDirection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The listing parameters Ironic's smaller resources share ({@code limit}, {@code marker},
 * {@code sort_key} defaulting to creation order, {@code sort_dir}), and the answer: the collection under
 * its key with a {@code next} link repeating the request's parameters.
 */
public final class ListParams {
    private ListParams() {
    }

    /** The call's paging and order; a bad sort direction is a 400 (the store judges the sort key). */
    public static Listing listing(ApiCall call) {
        SortDirection direction = call.query("sort_dir").map(d -> switch (d.toLowerCase(Locale.ROOT)) {
            case "asc" -> SortDirection.ASC;
            case "desc" -> SortDirection.DESC;
            default -> throw new InvalidInputException("Invalid sort direction: " + d + ". Acceptable values are"
                    + " 'asc' or 'desc'.");
        }).orElse(SortDirection.ASC);
        Listing listing = new Listing(Paging.limit(call), Optional.empty(), call.query("sort_key").orElse("id"),
                direction);
        return Paging.marker(call).map(listing::after).orElse(listing);
    }

    /** Detail and fields exclude each other, as in Ironic. */
    public static void checkNotBoth(boolean detail, Optional<Set<String>> fields) {
        if (detail && fields.isPresent()) {
            throw new InvalidInputException("Can not specify ?detail=True and fields in the same request.");
        }
    }

    /**
     * Answers 200 with {@code {<key>: [...], "next": ...}}: full documents when {@code detail}, else the
     * requested fields, else the summary.
     */
    public static <T> void answer(ApiCall call, String key, Page<T> page, FieldTable<T> table, boolean detail,
                                  Optional<Set<String>> fields, String path, List<String> passedOn, int limit) {
        ObjectNode out = call.mapper().createObjectNode();
        ArrayNode items = out.putArray(key);
        for (T item : page.items()) {
            items.add(detail ? table.full(call, item)
                    : fields.map(f -> table.selected(call, item, f)).orElseGet(() -> table.summary(call, item)));
        }
        Paging.addNext(call, out, path, passedOn, limit, page.nextMarker());
        call.json(200, out);
    }
}
