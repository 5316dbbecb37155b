package dev.ferrum.agent.image.source;

import java.time.Duration;

/**
 * How hard to try one URL: at most {@code maxRetries} reconnections over the whole download (each
 * failed attempt counts, successful ones too, so a server that drops every few bytes cannot keep the
 * agent busy forever), waiting {@code firstDelay} doubled each time up to {@code maxDelay}.
 */
public record RetryPolicy(int maxRetries, Duration firstDelay, Duration maxDelay) {

    public RetryPolicy {
        if (maxRetries < 0 || firstDelay.isNegative() || maxDelay.compareTo(firstDelay) < 0) {
            throw new IllegalArgumentException("bad retry policy: " + maxRetries + ", " + firstDelay + ", " + maxDelay);
        }
    }

    /** IPA's defaults, roughly: 10 retries, 1 s doubling to 30 s. */
    public static RetryPolicy defaults() {
        return new RetryPolicy(10, Duration.ofSeconds(1), Duration.ofSeconds(30));
    }

    /** The wait before retry number {@code retry} (1-based). */
    public Duration delayBefore(int retry) {
        Duration d = firstDelay;
        for (int i = 1; i < retry && d.compareTo(maxDelay) < 0; i++) {
            d = d.multipliedBy(2);
        }
        return d.compareTo(maxDelay) > 0 ? maxDelay : d;
    }
}
