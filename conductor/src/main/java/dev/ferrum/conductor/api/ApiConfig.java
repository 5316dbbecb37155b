package dev.ferrum.conductor.api;

import dev.ferrum.protocol.api.Microversion;
import dev.ferrum.protocol.api.MicroversionRange;
import java.util.Objects;

/**
 * The Ironic API's settings, read once by {@code Main}: the microversions served, how operators
 * authenticate, the largest body accepted, and the name this conductor locks nodes and signs history
 * with. {@code allowDeletingAvailable} is Ironic's option of the same name (default true); {@code maxLimit} is
 * Ironic's {@code [api]max_limit}, the largest page any list (nodes, ports, a node's history, …) returns.
 */
public record ApiConfig(MicroversionRange versions, ApiAuth auth, long maxBodyBytes, String conductorName,
                        boolean allowDeletingAvailable, int maxLimit) {

    /** The range Ferrum serves: Ironic 2024.1's (1.87: servicing). */
    public static final MicroversionRange SUPPORTED = new MicroversionRange(Microversion.of(1, 1), Microversion.of(1, 87));
    /** Node documents with every dict filled stay far below this. */
    public static final long DEFAULT_MAX_BODY_BYTES = 1 << 20;

    public ApiConfig {
        Objects.requireNonNull(versions, "versions");
        Objects.requireNonNull(auth, "auth");
        if (maxBodyBytes < 1) {
            throw new IllegalArgumentException("maxBodyBytes must be positive");
        }
        if (conductorName == null || conductorName.isBlank()) {
            throw new IllegalArgumentException("the API needs the conductor's name for locks and history");
        }
        if (maxLimit < 1) {
            throw new IllegalArgumentException("max_limit must be positive, got " + maxLimit);
        }
    }

    /** With Ironic's default {@code max_limit}. */
    public ApiConfig(MicroversionRange versions, ApiAuth auth, long maxBodyBytes, String conductorName,
                     boolean allowDeletingAvailable) {
        this(versions, auth, maxBodyBytes, conductorName, allowDeletingAvailable, Paging.MAX_LIMIT);
    }

    /** The supported range, 1 MiB bodies, deleting available nodes allowed. */
    public static ApiConfig of(ApiAuth auth, String conductorName) {
        return new ApiConfig(SUPPORTED, auth, DEFAULT_MAX_BODY_BYTES, conductorName, true);
    }
}
