package dev.ferrum.conductor.flow;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/** A clock that runs with real time but can be pushed forward, so deadlines can pass in a test. */
final class MutableClock extends Clock {
    private final AtomicReference<Duration> skew = new AtomicReference<>(Duration.ZERO);

    void advance(Duration step) {
        skew.updateAndGet(s -> s.plus(step));
    }

    @Override
    public Instant instant() {
        return Instant.now().plus(skew.get());
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("UTC only");
    }
}
