package dev.ferrum.hardware.generic.erase;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.function.Supplier;

/**
 * Waits for a sanitize the drive runs in the background: asks for its state every poll interval
 * until it completes, fails, or the firmware-erase timeout passes. A status that cannot be read
 * counts as a failure, since nothing then says the drive finished.
 */
final class SanitizePoller {
    private final InstantSource clock;
    private final EraseConfig config;

    SanitizePoller(InstantSource clock, EraseConfig config) {
        this.clock = clock;
        this.config = config;
    }

    /**
     * @param status reads the drive's sanitize state once; throws {@link DiskEraseException} when it cannot
     * @param what the command that started the sanitize, for notes and errors
     */
    SecureEraseOutcome await(Supplier<SanitizeState> status, EraseMethod method, String what, List<String> notes) {
        Instant deadline = clock.instant().plus(config.firmwareEraseTimeout());
        int polls = 0;
        while (true) {
            SanitizeState state;
            try {
                state = status.get();
            } catch (DiskEraseException e) {
                return new SecureEraseOutcome.Failed(what + " was started but its status cannot be read: "
                        + e.getMessage());
            }
            polls++;
            switch (state) {
                case COMPLETED -> {
                    notes.add(what + " completed (" + polls + " status poll(s))");
                    return new SecureEraseOutcome.Erased(method, notes);
                }
                case FAILED -> {
                    return new SecureEraseOutcome.Failed(what + ": the drive reports the sanitize failed; it stays in"
                            + " sanitize failure mode until a sanitize completes, so retry the clean or replace it");
                }
                case RUNNING, IDLE -> {
                    if (!clock.instant().isBefore(deadline)) {
                        return new SecureEraseOutcome.Failed(what + " did not finish within "
                                + config.firmwareEraseTimeout() + " (last state " + state + ")");
                    }
                    pause(config.sanitizePollInterval());
                }
            }
        }
    }

    private static void pause(Duration interval) {
        if (interval.isZero()) {
            return;
        }
        try {
            Thread.sleep(interval);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DiskEraseException("interrupted while waiting for a sanitize", e);
        }
    }
}
