package dev.ferrum.agent.image;

/**
 * Elapsed time in nanoseconds from an arbitrary origin; injected so rates and ETAs are testable and
 * immune to the wall clock being stepped (NTP in the ramdisk).
 */
@FunctionalInterface
public interface MonotonicClock {
    long nanos();

    /** {@link System#nanoTime()}. */
    static MonotonicClock system() {
        return System::nanoTime;
    }
}
