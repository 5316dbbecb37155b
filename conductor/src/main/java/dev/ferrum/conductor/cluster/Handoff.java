package dev.ferrum.conductor.cluster;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * What a provision action left for the node's ring owner: the receiving conductor made the first
 * transition under the node's lock, and the owner carries the work on from there.
 *
 * @param ramdiskRan for {@link Work#ABORT}: whether an agent ramdisk ran, so the abort powers it off
 * @param requestedBy the conductor whose API took the request
 * @param user the API user who asked, whom the owner's history entries name (empty when the request named nobody)
 */
public record Handoff(UUID node, Work work, boolean ramdiskRan, String requestedBy, Instant requestedAt,
                      Optional<String> user) {

    /** The continuation of a provision verb after its first transition. */
    public enum Work {
        /** Start the flow of the state the verb entered (deploying, cleaning, inspecting, …). */
        ADVANCE,
        /** Let a held clean, service or deploy go on. */
        UNHOLD,
        /** Finish an abort: power off the ramdisk, clean up its boot. */
        ABORT
    }

    public Handoff {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(work, "work");
        Objects.requireNonNull(requestedBy, "requestedBy");
        requestedAt = Objects.requireNonNull(requestedAt, "requestedAt").truncatedTo(ChronoUnit.MICROS);
        Objects.requireNonNull(user, "user");
    }

    /** A handoff for a request that named no user. */
    public Handoff(UUID node, Work work, boolean ramdiskRan, String requestedBy, Instant requestedAt) {
        this(node, work, ramdiskRan, requestedBy, requestedAt, Optional.empty());
    }
}
