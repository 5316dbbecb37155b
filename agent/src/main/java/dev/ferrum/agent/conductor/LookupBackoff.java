package dev.ferrum.agent.conductor;

import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * When to try the next lookup: exponential backoff with full jitter, starting at the configured
 * interval (IPA's {@code ipa-lookup-interval}, 1 s) and capped at 60 s, so a fleet booting at once
 * does not hammer the conductor in lock-step. A 409 (the conductor is busy with the node) waits
 * at least the cap.
 */
public final class LookupBackoff {
    /** The longest wait between two lookups. */
    public static final Duration MAX_WAIT = Duration.ofSeconds(60);

    private final Duration initial;
    private final RandomGenerator random;
    private int failures;

    public LookupBackoff(Duration initial, RandomGenerator random) {
        this.initial = initial.isZero() ? Duration.ofMillis(100) : initial;
        this.random = random;
    }

    /** The wait after another failed attempt; {@code conflict} when the conductor answered 409. */
    public Duration nextWait(boolean conflict) {
        failures++;
        long ceilingMillis = ceiling().toMillis();
        // Jitter over [half, full] of the ceiling: spread out, yet never much shorter than planned.
        long wait = ceilingMillis / 2 + random.nextLong(ceilingMillis / 2 + 1);
        Duration planned = Duration.ofMillis(wait);
        return conflict && planned.compareTo(MAX_WAIT) < 0 ? MAX_WAIT : planned;
    }

    private Duration ceiling() {
        // initial × 2^(failures-1), capped; the shift is bounded to keep it from overflowing.
        int doublings = Math.min(failures - 1, 20);
        Duration ceiling = initial.multipliedBy(1L << doublings);
        return ceiling.compareTo(MAX_WAIT) > 0 ? MAX_WAIT : ceiling;
    }
}
