package dev.ferrum.agent.time;

import java.time.Duration;

/** Waits between retries; injected so tests retry without waiting. */
@FunctionalInterface
public interface Sleeper {
    void sleep(Duration duration) throws InterruptedException;

    /** {@link Thread#sleep(Duration)}. */
    static Sleeper system() {
        return Thread::sleep;
    }
}
