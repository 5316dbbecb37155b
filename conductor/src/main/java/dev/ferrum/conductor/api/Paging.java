package dev.ferrum.conductor.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.error.InvalidInputException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Ironic's list paging: {@code limit} (capped at the configured {@code max_limit}, 1000 unless told), {@code marker}
 * (the last uuid of the previous page), and the {@code next} link a full page carries, repeating the request's other
 * parameters.
 */
public final class Paging {
    /** Ironic's default {@code [api]max_limit}. */
    public static final int MAX_LIMIT = 1000;

    private Paging() {
    }

    /** The page size: {@code limit} capped at the API's {@code max_limit}, which is also the size without one; 400 below 1. */
    public static int limit(ApiCall call) {
        Optional<String> raw = call.query("limit");
        if (raw.isEmpty()) {
            return call.maxLimit();
        }
        int limit;
        try {
            limit = Integer.parseInt(raw.get());
        } catch (NumberFormatException e) {
            throw new InvalidInputException("Invalid limit \"" + raw.get() + "\": use a positive integer.");
        }
        if (limit <= 0) {
            throw new InvalidInputException("Limit must be positive");
        }
        return Math.min(limit, call.maxLimit());
    }

    public static Optional<UUID> marker(ApiCall call) {
        return call.query("marker").map(m -> {
            try {
                return UUID.fromString(m);
            } catch (IllegalArgumentException e) {
                throw new InvalidInputException("Invalid marker \"" + m + "\": use the uuid of the last item of"
                        + " the previous page.");
            }
        });
    }

    /**
     * Adds {@code next} to {@code page} when there is a next marker (the page is full), whether or not the client
     * gave a limit, as Ironic does: {@code <base>/v1/<path>?<params>&limit=<n>&marker=<uuid>}.
     */
    public static void addNext(ApiCall call, ObjectNode page, String path, List<String> passedOn, int limit,
                               Optional<UUID> nextMarker) {
        next(call, path, passedOn, limit, nextMarker).ifPresent(uri -> page.put("next", uri));
    }

    /** The {@code next} link {@link #addNext} adds, for a page written without a tree; empty on the last page. */
    public static Optional<String> next(ApiCall call, String path, List<String> passedOn, int limit,
                                        Optional<UUID> nextMarker) {
        if (nextMarker.isEmpty()) {
            return Optional.empty();
        }
        StringBuilder uri = new StringBuilder(call.baseUrl()).append("/v1/").append(path).append('?');
        for (String name : passedOn) {
            call.query(name).ifPresent(v -> uri.append(name).append('=')
                    .append(URLEncoder.encode(v, StandardCharsets.UTF_8)).append('&'));
        }
        uri.append("limit=").append(limit).append("&marker=").append(nextMarker.get());
        return Optional.of(uri.toString());
    }
}
