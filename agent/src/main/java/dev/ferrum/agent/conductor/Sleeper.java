package dev.ferrum.agent.conductor;

import java.time.Duration;

/** Waits; tests substitute one that only records the waits so retry logic runs instantly. */
@FunctionalInterface
public interface Sleeper {

    void sleep(Duration duration) throws InterruptedException;

    /** The real clock's sleep. */
    static Sleeper real() {
        return duration -> Thread.sleep(duration);
    }
}
