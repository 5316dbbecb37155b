package dev.ferrum.conductor.periodic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.cluster.ConductorRecord;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.store.StoreConfig;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MembershipHeartbeatTest {
    @TempDir
    Path temp;

    @Test
    void aTakeoverPassThatRunsLongNeverHoldsBackThisConductorsAliveMark() throws Exception {
        try (Store store = Store.open(new StoreConfig.Sqlite(temp, Duration.ofSeconds(5), 2), Clock.systemUTC())) {
            store.conductors().register("c1", List.of("fake-hardware"), "");
            CountDownLatch passStarted = new CountDownLatch(1);
            CountDownLatch releasePass = new CountDownLatch(1);
            try (MembershipHeartbeat heartbeat = new MembershipHeartbeat(store.conductors(), "c1",
                    Duration.ofSeconds(60), Clock.systemUTC())) {
                heartbeat.start(Duration.ofMillis(50), () -> {
                    passStarted.countDown();
                    try {
                        releasePass.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
                assertThat(passStarted.await(10, TimeUnit.SECONDS)).isTrue();
                Instant duringPass = markOf(store);
                Instant later = duringPass;
                for (int i = 0; i < 200 && !later.isAfter(duringPass); i++) {
                    Thread.sleep(50);
                    later = markOf(store);
                }
                releasePass.countDown();
                assertThat(later).as("the mark moved on while the takeover pass was still running")
                        .isAfter(duringPass);
            }
        }
    }

    @Test
    void eachMarkSaysHowLongAfterThePreviousOneItCame() throws Exception {
        try (Store store = Store.open(new StoreConfig.Sqlite(temp, Duration.ofSeconds(5), 2), Clock.systemUTC())) {
            store.conductors().register("c1", List.of("fake-hardware"), "");
            try (MembershipHeartbeat heartbeat = new MembershipHeartbeat(store.conductors(), "c1",
                    Duration.ofSeconds(60), Clock.systemUTC())) {
                assertThat(heartbeat.markAlive()).as("no previous mark").isEmpty();
                Thread.sleep(20);
                assertThat(heartbeat.markAlive()).hasValueSatisfying(gap ->
                        assertThat(gap).isGreaterThanOrEqualTo(Duration.ofMillis(20)));
                store.conductors().unregister("c1");
                assertThat(heartbeat.markAlive()).as("a mark the store refused is not a mark").isEmpty();
            }
        }
    }

    private static Instant markOf(Store store) {
        return store.conductors().find("c1").map(ConductorRecord::updatedAt).orElseThrow();
    }
}
