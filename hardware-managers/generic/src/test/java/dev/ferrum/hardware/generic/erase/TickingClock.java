package dev.ferrum.hardware.generic.erase;

import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.atomic.AtomicLong;

/** A clock that moves one second every time it is read, so durations are known without waiting. */
final class TickingClock implements InstantSource {
    private final AtomicLong seconds = new AtomicLong(1_800_000_000L);

    @Override
    public Instant instant() {
        return Instant.ofEpochSecond(seconds.getAndIncrement());
    }
}
