package dev.ferrum.conductor.driver.step;

import dev.ferrum.conductor.store.Store;
import java.time.Clock;
import java.util.Objects;

/** What an out-of-band step may use besides its machine: the conductor's store (e.g. its caches) and clock. */
public record StepServices(Store store, Clock clock) {
    public StepServices {
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(clock, "clock");
    }
}
