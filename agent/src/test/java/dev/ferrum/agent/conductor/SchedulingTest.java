package dev.ferrum.agent.conductor;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

class SchedulingTest {

    /** A generator always answering the bottom or the top of any range. */
    private static RandomGenerator extreme(boolean top) {
        return new RandomGenerator() {
            @Override
            public long nextLong() {
                return 0;
            }

            @Override
            public long nextLong(long bound) {
                return top ? bound - 1 : 0;
            }

            @Override
            public double nextDouble() {
                return top ? 0.9999999 : 0.0;
            }
        };
    }

    @Test
    void lookupBackoffDoublesFromTheIntervalUpToSixtySeconds() {
        var backoff = new LookupBackoff(Duration.ofSeconds(1), extreme(true));
        long[] waits = new long[9];
        for (int i = 0; i < waits.length; i++) {
            waits[i] = backoff.nextWait(false).toMillis();
        }

        assertThat(waits).containsExactly(1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000);
    }

    @Test
    void lookupJitterNeverGoesBelowHalfThePlannedWait() {
        var backoff = new LookupBackoff(Duration.ofSeconds(1), extreme(false));
        backoff.nextWait(false);
        backoff.nextWait(false);

        assertThat(backoff.nextWait(false)).isEqualTo(Duration.ofSeconds(2));
    }

    @RepeatedTest(20)
    void lookupWaitsStayWithinTheirBounds() {
        var backoff = new LookupBackoff(Duration.ofSeconds(1), new SplittableRandom());
        for (int failure = 1; failure <= 12; failure++) {
            long ceiling = Math.min(1000L << (failure - 1), 60_000);
            assertThat(backoff.nextWait(false).toMillis()).isBetween(ceiling / 2, ceiling);
        }
    }

    @Test
    void aConflictWaitsAtLeastTheCap() {
        var backoff = new LookupBackoff(Duration.ofSeconds(1), extreme(false));

        assertThat(backoff.nextWait(true)).isEqualTo(LookupBackoff.MAX_WAIT);
    }

    @Test
    void heartbeatIntervalsFollowIpa() {
        var low = new HeartbeatSchedule(Duration.ofSeconds(300), extreme(false));
        var high = new HeartbeatSchedule(Duration.ofSeconds(300), extreme(true));

        assertThat(low.afterSuccess()).isEqualTo(Duration.ofSeconds(90));
        assertThat(high.afterSuccess()).isBetween(Duration.ofMillis(179_990), Duration.ofSeconds(180));
        assertThat(low.afterError()).isEqualTo(Duration.ofSeconds(5));
        assertThat(high.afterError()).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void promptHeartbeatsAreSpacedFiveSecondsApart() {
        var schedule = new HeartbeatSchedule(Duration.ofSeconds(300), new SplittableRandom(1));
        Instant start = Instant.parse("2026-11-22T00:00:00Z");

        assertThat(schedule.promptDelay(start)).isZero();
        schedule.sent(start);
        assertThat(schedule.promptDelay(start.plusSeconds(2))).isEqualTo(Duration.ofSeconds(3));
        assertThat(schedule.promptDelay(start.plusSeconds(5))).isZero();
    }

    @Test
    void theCallbackUrlUsesTheAddressThatRoutesToTheConductor() {
        URI conductor = URI.create("http://127.0.0.1:6385");

        assertThat(CallbackAddress.callbackUrl("http", Optional.empty(), 9999, conductor))
                .isEqualTo(URI.create("http://127.0.0.1:9999"));
        assertThat(CallbackAddress.callbackUrl("http", Optional.empty(), 9999, URI.create("http://[::1]:6385")))
                .isEqualTo(URI.create("http://[0:0:0:0:0:0:0:1]:9999"));
        assertThat(CallbackAddress.callbackUrl("https", Optional.of("192.0.2.7"), 9443, conductor))
                .isEqualTo(URI.create("https://192.0.2.7:9443"));
    }
}
