package dev.ferrum.agent.image.testing;

import dev.ferrum.agent.image.MonotonicClock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/** A clock that moves only when told to. */
public final class FakeClock implements MonotonicClock {
    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

    @Override
    public long nanos() {
        return nanos.get();
    }

    public void advance(Duration d) {
        nanos.addAndGet(d.toNanos());
    }
}
