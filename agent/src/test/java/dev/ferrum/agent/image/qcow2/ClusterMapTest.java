package dev.ferrum.agent.image.qcow2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.agent.image.BufferMeter;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Run merging, zero-run merging and the in-place host-order sort. */
class ClusterMapTest {
    private final BufferMeter meter = new BufferMeter();

    @Test
    void contiguousDataMergesIntoRunsUpToTheCap() {
        ClusterMap map = new ClusterMap(meter, 4 * 65536);
        for (int i = 0; i < 10; i++) {
            map.data(i * 65536L, 1_000_000L * 65536 + i * 65536L, 65536);
        }
        map.data(20 * 65536L, 5 * 65536L, 65536); // guest gap: new extent
        assertThat(map.size()).isEqualTo(4);
        assertThat(map.length(0)).isEqualTo(4 * 65536);
        assertThat(map.length(2)).isEqualTo(2 * 65536);
        assertThat(map.kind(3)).isEqualTo(ClusterMap.DATA);
    }

    @Test
    void zeroRunsMerge() {
        ClusterMap map = new ClusterMap(meter, 1 << 20);
        map.zero(0, 100);
        map.zero(100, 50);
        map.zero(200, 10);
        assertThat(map.zeroRunCount()).isEqualTo(2);
        assertThat(map.zeroLength(0)).isEqualTo(150);
    }

    @Test
    void sortsManyExtentsByHostKeepingTheirFieldsTogether() {
        ClusterMap map = new ClusterMap(meter, 512);
        Random r = new Random(7);
        for (int i = 0; i < 50_000; i++) {
            long host = r.nextInt(1 << 20) * 512L;
            if (i % 3 == 0) {
                map.compressed(host * 7, host, 100 + (int) (host % 300));
            } else {
                map.data(host * 7, host, 512);
            }
        }
        map.sortByHost();
        for (int i = 0; i < map.size(); i++) {
            if (i > 0) {
                assertThat(map.host(i)).isGreaterThanOrEqualTo(map.host(i - 1));
            }
            assertThat(map.guest(i)).isEqualTo(map.host(i) * 7);
            if (map.kind(i) == ClusterMap.COMPRESSED) {
                assertThat(map.length(i)).isEqualTo(100 + (int) (map.host(i) % 300));
            }
        }
        assertThat(meter.use().mapBytes()).isGreaterThan(50_000L * 24);
    }
}
