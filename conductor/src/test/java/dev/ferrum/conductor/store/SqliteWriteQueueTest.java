package dev.ferrum.conductor.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.node.Node;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Many writers in one conductor on SQLite queue in the process instead of racing for SQLite's write
 * lock: with a busy timeout too short for SQLite's own retry to help, none of them fails as busy.
 */
class SqliteWriteQueueTest {
    private static final int WRITERS = 16;
    private static final int CYCLES = 40;

    @TempDir
    Path temp;

    @Test
    void concurrentWritersInOneProcessNeverHitSqliteBusy() throws Exception {
        try (Store store = Store.open(new StoreConfig.Sqlite(temp, Duration.ofMillis(1), 8), Clock.systemUTC())) {
            List<UUID> nodes = new ArrayList<>();
            for (int i = 0; i < WRITERS; i++) {
                nodes.add(store.nodes().create(Node.builder(UUID.randomUUID(), "fake-hardware", Instant.now()).build())
                        .uuid());
            }
            List<Future<Integer>> done = new ArrayList<>();
            try (ExecutorService writers = Executors.newVirtualThreadPerTaskExecutor()) {
                for (UUID node : nodes) {
                    done.add(writers.submit(() -> {
                        for (int c = 0; c < CYCLES; c++) {
                            store.locks().release(store.locks().acquire(node, "conductor-" + node));
                        }
                        return CYCLES;
                    }));
                }
            }
            for (Future<Integer> writer : done) {
                assertThat(writer.state()).as("writer failed: %s", writer.state() == Future.State.FAILED
                        ? writer.exceptionNow() : "").isEqualTo(Future.State.SUCCESS);
                assertThat(writer.resultNow()).isEqualTo(CYCLES);
            }
            for (UUID node : nodes) {
                assertThat(store.locks().holder(node)).isEmpty();
            }
        }
    }
}
