package dev.ferrum.conductor.api;

import dev.ferrum.conductor.error.InvalidInputException;
import java.util.Optional;

/**
 * The {@code ?detail=} query parameter of the plain list endpoints ({@code /v1/nodes}, {@code /v1/ports}):
 * from API 1.43 it asks for the full documents, as the {@code /detail} sub-path does; below 1.43 Ironic
 * rejects the parameter outright (whatever its value) with a 400, so older clients get the same here.
 */
public final class DetailQuery {
    /** The first microversion that knows {@code ?detail=}. */
    public static final int MINOR = 43;

    private DetailQuery() {
    }

    /** Whether this plain listing should answer with full documents; 400 when the version does not allow it. */
    public static boolean requested(ApiCall call) {
        Optional<String> raw = call.query("detail");
        if (raw.isPresent() && !call.atLeast(1, MINOR)) {
            throw new InvalidInputException("Invalid query parameter ?detail=" + raw.get() + " received: it needs"
                    + " API version 1." + MINOR + " or later; use the /detail path or send a newer"
                    + " X-OpenStack-Ironic-API-Version.");
        }
        return call.queryBoolean("detail").orElse(false);
    }
}
