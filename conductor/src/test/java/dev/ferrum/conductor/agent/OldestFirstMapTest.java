package dev.ferrum.conductor.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class OldestFirstMapTest {
    @Test
    void keepsAtMostItsBoundDroppingTheKeyAddedLongestAgo() {
        OldestFirstMap<Integer> map = new OldestFirstMap<>(3);
        for (int i = 1; i <= 5; i++) {
            map.put("agent-" + i, i);
        }

        assertThat(map.size()).isEqualTo(3);
        assertThat(map.get("agent-1")).isNull();
        assertThat(map.get("agent-2")).isNull();
        assertThat(map.get("agent-3")).isEqualTo(3);
        assertThat(map.get("agent-5")).isEqualTo(5);
    }

    @Test
    void aNewValueForAKnownKeyTakesNoRoomAndKeepsItsPlace() {
        OldestFirstMap<Integer> map = new OldestFirstMap<>(2);
        map.put("a", 1);
        map.put("b", 2);
        map.put("a", 10);

        assertThat(map.size()).isEqualTo(2);
        assertThat(map.get("a")).isEqualTo(10);
        map.put("c", 3);
        assertThat(map.get("a")).as("still the oldest: replacing its value did not move it").isNull();
        assertThat(map.get("b")).isEqualTo(2);
        assertThat(map.get("c")).isEqualTo(3);
    }

    @Test
    void manyWritersAtOnceNeverLeaveItPastItsBound() throws Exception {
        OldestFirstMap<Integer> map = new OldestFirstMap<>(100);
        ExecutorService writers = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < 8; w++) {
                int writer = w;
                done.add(writers.submit(() -> {
                    for (int i = 0; i < 10_000; i++) {
                        map.put(writer + "-" + i, i);
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            writers.shutdownNow();
        }
        // Two writers making room at the same moment may each drop one: a little under the bound, never over.
        assertThat(map.size()).isBetween(90, 100);
        map.put("after", 1);
        assertThat(map.size()).isLessThanOrEqualTo(100);
        assertThat(map.get("after")).isEqualTo(1);
    }

    @Test
    void refusesABoundBelowOne() {
        assertThatThrownBy(() -> new OldestFirstMap<>(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
