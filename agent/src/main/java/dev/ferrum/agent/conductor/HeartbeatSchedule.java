package dev.ferrum.agent.conductor;

import java.time.Duration;
import java.time.Instant;
import java.util.random.RandomGenerator;

/**
 * When the next heartbeat is due, as IPA times them: after a successful heartbeat a random
 * {@code heartbeat_timeout × U(0.3, 0.6)}, so the conductor hears from the agent two or three times
 * per timeout; after a failed one 5–10 s; and when a command finishes, promptly but at most one
 * prompt heartbeat per 5 s so a burst of short commands cannot flood the conductor.
 */
public final class HeartbeatSchedule {
    /** The least time between two prompt heartbeats. */
    public static final Duration PROMPT_SPACING = Duration.ofSeconds(5);

    private final Duration heartbeatTimeout;
    private final RandomGenerator random;
    private final Duration errorWait;
    private Instant lastSent = Instant.MIN;

    public HeartbeatSchedule(Duration heartbeatTimeout, RandomGenerator random) {
        this(heartbeatTimeout, random, Duration.ofSeconds(5));
    }

    /** @param errorWait the least wait after a failed heartbeat; a random extra of up to as much is added */
    public HeartbeatSchedule(Duration heartbeatTimeout, RandomGenerator random, Duration errorWait) {
        this.errorWait = errorWait;
        if (heartbeatTimeout.isNegative() || heartbeatTimeout.isZero()) {
            throw new IllegalArgumentException("heartbeat timeout must be positive, got " + heartbeatTimeout);
        }
        this.heartbeatTimeout = heartbeatTimeout;
        this.random = random;
    }

    /** Records that a heartbeat was sent at {@code when}. */
    public void sent(Instant when) {
        lastSent = when;
    }

    /** The wait after a heartbeat the conductor accepted. */
    public Duration afterSuccess() {
        double factor = 0.3 + random.nextDouble() * 0.3;
        return Duration.ofMillis(Math.round(heartbeatTimeout.toMillis() * factor));
    }

    /** The wait after a heartbeat that failed (network error or an error status). */
    public Duration afterError() {
        return errorWait.plusMillis(random.nextLong(errorWait.toMillis() + 1));
    }

    /**
     * The wait before a prompt heartbeat asked for at {@code now} (a command finished): zero when
     * the last heartbeat is at least {@link #PROMPT_SPACING} old, otherwise the rest of that spacing.
     */
    public Duration promptDelay(Instant now) {
        if (lastSent.equals(Instant.MIN)) {
            return Duration.ZERO;
        }
        Duration since = Duration.between(lastSent, now);
        return since.compareTo(PROMPT_SPACING) >= 0 ? Duration.ZERO : PROMPT_SPACING.minus(since);
    }
}
