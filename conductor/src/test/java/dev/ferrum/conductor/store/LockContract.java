package dev.ferrum.conductor.store;

import dev.ferrum.conductor.error.NodeLockedException;
import dev.ferrum.conductor.node.Node;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Reservation locks: exclusive, released only by the holder, broken when the holder died. */
interface LockContract extends StoreFixture {

    @Test
    default void aLockIsExclusiveUntilItsHolderReleasesIt() {
        Node node = createNode("n");

        NodeLock lock = store().locks().acquire(node.uuid(), CONDUCTOR_A);

        assertThat(store().locks().holder(node.uuid())).contains(CONDUCTOR_A);
        assertThat(store().nodes().get(node.uuid()).reservation()).contains(CONDUCTOR_A);
        assertThat(store().nodes().get(node.uuid()).version()).as("locking is not an edit").isEqualTo(1);
        assertThatThrownBy(() -> store().locks().acquire(node.uuid(), CONDUCTOR_B))
                .isInstanceOf(NodeLockedException.class).hasMessageContaining("locked by host " + CONDUCTOR_A);
        assertThatThrownBy(() -> store().locks().acquire(node.uuid(), CONDUCTOR_A))
                .as("not re-entrant, as in Ironic").isInstanceOf(NodeLockedException.class);
        assertThat(store().locks().tryAcquire(node.uuid(), CONDUCTOR_B)).isEmpty();

        store().locks().release(lock);

        assertThat(store().locks().holder(node.uuid())).isEmpty();
        assertThatThrownBy(() -> store().locks().release(lock)).isInstanceOf(NodeLockedException.class);
        assertThat(store().locks().tryAcquire(node.uuid(), CONDUCTOR_B)).isPresent();
    }

    @Test
    default void onlyTheHolderReleases() {
        Node node = createNode("n");
        NodeLock mine = store().locks().acquire(node.uuid(), CONDUCTOR_A);
        store().locks().release(mine);
        store().locks().acquire(node.uuid(), CONDUCTOR_B);

        assertThatThrownBy(() -> store().locks().release(mine))
                .isInstanceOf(NodeLockedException.class).hasMessageContaining("not locked by host " + CONDUCTOR_A);
        assertThat(store().locks().holder(node.uuid())).contains(CONDUCTOR_B);
    }

    @Test
    default void withLockReleasesAlsoWhenTheWorkFails() {
        Node node = createNode("n");

        String result = store().locks().withLock(node.uuid(), CONDUCTOR_A, lock -> lock.holder());
        assertThatThrownBy(() -> store().locks().withLock(node.uuid(), CONDUCTOR_A, lock -> {
            throw new IllegalStateException("boom");
        })).hasMessage("boom");

        assertThat(result).isEqualTo(CONDUCTOR_A);
        assertThat(store().locks().holder(node.uuid())).isEmpty();
    }

    @Test
    default void twoConductorsRacingForANodeNeverBothWin() throws Exception {
        Store second = openAnotherStore();
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 15; round++) {
                UUID node = createNode("race-" + round).uuid();
                CyclicBarrier start = new CyclicBarrier(2);
                Callable<Optional<NodeLock>> a = () -> {
                    start.await(10, TimeUnit.SECONDS);
                    return store().locks().tryAcquire(node, CONDUCTOR_A);
                };
                Callable<Optional<NodeLock>> b = () -> {
                    start.await(10, TimeUnit.SECONDS);
                    return second.locks().tryAcquire(node, CONDUCTOR_B);
                };
                Future<Optional<NodeLock>> fa = threads.submit(a);
                Future<Optional<NodeLock>> fb = threads.submit(b);
                Optional<NodeLock> wonA = fa.get(30, TimeUnit.SECONDS);
                Optional<NodeLock> wonB = fb.get(30, TimeUnit.SECONDS);

                assertThat(wonA.isPresent() ^ wonB.isPresent()).as("round " + round + ": exactly one wins").isTrue();
                String winner = wonA.isPresent() ? CONDUCTOR_A : CONDUCTOR_B;
                assertThat(store().locks().holder(node)).contains(winner);
            }
        } finally {
            threads.shutdownNow();
            assertThat(threads.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    default void aConductorWhoseOwnHeartbeatIsLateNeverBreaksItsOwnLocks() {
        Node held = createNode("held-by-late");
        store().conductors().register(CONDUCTOR_A, List.of("ipmi"), "");
        store().conductors().register(CONDUCTOR_B, List.of("ipmi"), "");
        store().locks().acquire(held.uuid(), CONDUCTOR_A);
        clock().advance(Duration.ofSeconds(90));
        store().conductors().heartbeat(CONDUCTOR_B);

        assertThat(store().locks().takeOverLocksOfDeadConductors(CONDUCTOR_A, Duration.ofSeconds(60)))
                .as("its own heartbeat is 90 s old, but it is the one asking: it is alive").isEmpty();
        assertThat(store().locks().holder(held.uuid())).contains(CONDUCTOR_A);
        assertThat(store().locks().takeOverLocksOfDeadConductors(CONDUCTOR_B, Duration.ofSeconds(60)))
                .extracting(BrokenLock::node).containsExactly(held.uuid());
    }

    @Test
    default void locksOfDeadConductorsPassToTheConductorBreakingThem() {
        Node heldByLive = createNode("live");
        Node heldByStale = createNode("stale");
        Node heldByOffline = createNode("offline");
        Node heldByStranger = createNode("stranger");
        Node free = createNode("free");
        store().conductors().register(CONDUCTOR_B, List.of("ipmi"), "");
        store().conductors().register("offline.example", List.of("ipmi"), "");
        store().conductors().unregister("offline.example");
        clock().advance(Duration.ofSeconds(90));
        store().conductors().register(CONDUCTOR_A, List.of("ipmi"), "");
        store().locks().acquire(heldByLive.uuid(), CONDUCTOR_A);
        store().locks().acquire(heldByStale.uuid(), CONDUCTOR_B);
        store().locks().acquire(heldByOffline.uuid(), "offline.example");
        store().locks().acquire(heldByStranger.uuid(), "never-registered.example");

        List<BrokenLock> broken = store().locks().takeOverLocksOfDeadConductors(CONDUCTOR_A, Duration.ofSeconds(60));

        assertThat(broken.stream().map(BrokenLock::node).toList())
                .containsExactlyInAnyOrder(heldByStale.uuid(), heldByOffline.uuid(), heldByStranger.uuid());
        assertThat(broken).filteredOn(lock -> lock.node().equals(heldByStranger.uuid())).singleElement()
                .satisfies(lock -> assertThat(lock.holder()).as("who held it").isEqualTo("never-registered.example"));
        assertThat(store().locks().holder(heldByLive.uuid())).contains(CONDUCTOR_A);
        assertThat(store().locks().holder(heldByStale.uuid()))
                .as("never free between the break and its new holder's work").contains(CONDUCTOR_A);
        assertThat(broken).allSatisfy(lock -> assertThat(lock.taken().holder()).isEqualTo(CONDUCTOR_A));
        assertThat(store().locks().holder(free.uuid())).isEmpty();
        assertThat(store().locks().tryAcquire(heldByStale.uuid(), CONDUCTOR_B)).as("held by its new holder").isEmpty();
        assertThat(store().locks().takeOverLocksOfDeadConductors(CONDUCTOR_A, Duration.ofSeconds(60))).isEmpty();
        broken.forEach(lock -> store().locks().release(lock.taken()));
        assertThat(store().locks().holder(heldByStale.uuid())).isEmpty();
    }

    @Test
    default void aRestartingConductorDropsItsOwnLocks() {
        List<UUID> mine = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            mine.add(createNode("mine-" + i).uuid());
            store().locks().acquire(mine.get(i), CONDUCTOR_A);
        }
        UUID theirs = createNode("theirs").uuid();
        store().locks().acquire(theirs, CONDUCTOR_B);

        assertThat(store().nodes().findReservedBy(CONDUCTOR_A)).hasSize(3);
        assertThat(store().locks().releaseAllHeldBy(CONDUCTOR_A)).isEqualTo(3);
        assertThat(store().nodes().findReservedBy(CONDUCTOR_A)).isEmpty();
        assertThat(store().locks().holder(theirs)).contains(CONDUCTOR_B);
    }
}
