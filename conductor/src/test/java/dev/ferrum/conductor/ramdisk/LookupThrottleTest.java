package dev.ferrum.conductor.ramdisk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Misses cost a source one unit each; an empty bucket holds the source back until it refills. */
class LookupThrottleTest {
    private static final Instant T0 = Instant.parse("2026-11-26T00:00:00Z");

    @Test
    void aSourceIsHeldBackAfterItsBurstOfMissesAndForgivenAtTheRefillRate() {
        LookupThrottle throttle = new LookupThrottle(3, Duration.ofSeconds(2));
        for (int i = 0; i < 3; i++) {
            assertThat(throttle.waitFor("192.0.2.7", T0)).isZero();
            throttle.recordMiss("192.0.2.7", T0);
        }
        assertThat(throttle.waitFor("192.0.2.7", T0)).isEqualTo(Duration.ofSeconds(2));
        assertThat(throttle.waitFor("192.0.2.7", T0.plusSeconds(1))).isEqualTo(Duration.ofSeconds(1));
        assertThat(throttle.waitFor("192.0.2.7", T0.plusSeconds(2))).isZero();
        // Another source is not affected.
        assertThat(throttle.waitFor("192.0.2.8", T0)).isZero();
    }

    @Test
    void theBucketNeverHoldsMoreThanTheBurstNorGoesNegative() {
        LookupThrottle throttle = new LookupThrottle(2, Duration.ofSeconds(1));
        throttle.recordMiss("a", T0);
        // An hour later the bucket is full again, but not fuller than the burst.
        Instant later = T0.plus(Duration.ofHours(1));
        throttle.recordMiss("a", later);
        throttle.recordMiss("a", later);
        assertThat(throttle.waitFor("a", later)).isEqualTo(Duration.ofSeconds(1));
        for (int i = 0; i < 10; i++) {
            throttle.recordMiss("a", later);
        }
        assertThat(throttle.waitFor("a", later)).isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void memoryIsBoundedByForgettingSourcesThatAreFullAgain() {
        LookupThrottle throttle = new LookupThrottle(1, Duration.ofSeconds(1));
        for (int i = 0; i < LookupThrottle.MAX_SOURCES; i++) {
            throttle.recordMiss("10.0." + (i >> 8) + "." + (i & 255), T0);
        }
        Instant later = T0.plusSeconds(5);
        throttle.recordMiss("198.51.100.1", later);
        assertThat(throttle.waitFor("198.51.100.1", later)).isEqualTo(Duration.ofSeconds(1));
        assertThat(throttle.waitFor("10.0.0.0", later)).isZero();
    }

    @Test
    void nonsenseSettingsAreRefused() {
        assertThatThrownBy(() -> new LookupThrottle(0, Duration.ofSeconds(1))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LookupThrottle(1, Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
    }
}
