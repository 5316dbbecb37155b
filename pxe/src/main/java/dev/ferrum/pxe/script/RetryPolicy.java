package dev.ferrum.pxe.script;

import dev.ferrum.pxe.PxeException;
import java.time.Duration;

/**
 * How an iPXE script retries fetching its files: up to {@code attempts} tries with
 * {@code delay} between them, then a clear message on the console, {@code pause} to read it, and
 * {@code onFailure}. Bounded on purpose: an endless loop hides a broken boot file server.
 */
public record RetryPolicy(int attempts, Duration delay, Duration pause, FailureAction onFailure) {
    /** Most attempts allowed; more only delays the failure report. */
    public static final int MAX_ATTEMPTS = 20;

    public RetryPolicy {
        if (attempts < 1 || attempts > MAX_ATTEMPTS) {
            throw new PxeException("retry attempts must be 1.." + MAX_ATTEMPTS + ", not " + attempts);
        }
        checkSeconds("retry delay", delay);
        checkSeconds("failure pause", pause);
    }

    /** Three attempts five seconds apart, then 30 s to read the message and a reboot. */
    public static RetryPolicy standard() {
        return new RetryPolicy(3, Duration.ofSeconds(5), Duration.ofSeconds(30), FailureAction.REBOOT);
    }

    // iPXE's sleep takes whole seconds.
    private static void checkSeconds(String what, Duration duration) {
        if (duration.isNegative() || duration.toNanos() % 1_000_000_000L != 0 || duration.toSeconds() > 3600) {
            throw new PxeException(what + " must be whole seconds between 0 and 3600 (iPXE sleeps in seconds), not " + duration);
        }
    }
}
