package dev.ferrum.conductor.cluster;

import dev.ferrum.conductor.node.PowerState;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * What an API action left for the node's ring owner: the receiving conductor made the first change under
 * the node's lock (a provision transition, or {@code target_power_state} for a power request), and the
 * owner carries the work on from there.
 *
 * @param ramdiskRan for {@link Work#ABORT}: whether an agent ramdisk ran, so the abort powers it off
 * @param power for {@link Work#POWER}: the requested target as the API took it (reboot, soft power off, …);
 *     empty for every other work
 * @param requestedBy the conductor whose API took the request
 * @param user the API user who asked, whom the owner's history entries name (empty when the request named nobody)
 */
public record Handoff(UUID node, Work work, boolean ramdiskRan, Optional<PowerState> power, String requestedBy,
                      Instant requestedAt, Optional<String> user) {

    /** The continuation of an API action after its first change. */
    public enum Work {
        /** Start the flow of the state the verb entered (deploying, cleaning, inspecting, …). */
        ADVANCE,
        /** Let a held clean, service or deploy go on. */
        UNHOLD,
        /** Finish an abort: power off the ramdisk, clean up its boot. */
        ABORT,
        /** Talk to the BMC for a power request (the node's {@code target_power_state} says it is under way). */
        POWER;

        /**
         * The node's queue this work waits in: a power request must not replace a pending provision
         * continuation (the node would stay in {@code deploying}), while a newer one of the same lane does.
         */
        public Lane lane() {
            return this == POWER ? Lane.POWER : Lane.PROVISION;
        }
    }

    /** One pending handoff per node and lane. */
    public enum Lane { PROVISION, POWER }

    public Handoff {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(work, "work");
        Objects.requireNonNull(power, "power");
        Objects.requireNonNull(requestedBy, "requestedBy");
        if (power.isPresent() != (work == Work.POWER)) {
            throw new IllegalArgumentException("a power target goes with POWER work only, and always: " + work);
        }
        requestedAt = Objects.requireNonNull(requestedAt, "requestedAt").truncatedTo(ChronoUnit.MICROS);
        Objects.requireNonNull(user, "user");
    }

    /** Provision work (advance, unhold, abort) asked for by {@code user}. */
    public Handoff(UUID node, Work work, boolean ramdiskRan, String requestedBy, Instant requestedAt,
            Optional<String> user) {
        this(node, work, ramdiskRan, Optional.empty(), requestedBy, requestedAt, user);
    }

    /** Provision work for a request that named no user. */
    public Handoff(UUID node, Work work, boolean ramdiskRan, String requestedBy, Instant requestedAt) {
        this(node, work, ramdiskRan, requestedBy, requestedAt, Optional.empty());
    }

    /** A power request for {@code target} asked for by {@code user}. */
    public static Handoff power(UUID node, PowerState target, String requestedBy, Instant requestedAt,
            Optional<String> user) {
        return new Handoff(node, Work.POWER, false, Optional.of(target), requestedBy, requestedAt, user);
    }
}
