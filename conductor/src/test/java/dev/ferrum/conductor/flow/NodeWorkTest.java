package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.store.StoreConfig;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeWorkTest {
    @TempDir
    Path temp;

    @Test
    void atMostIronicsWorkerPoolSizeOfTasksRunAtOnceAndTheRestWaitTheirTurn() throws Exception {
        int tasks = NodeWork.WORKERS + 50;
        try (Store store = Store.open(new StoreConfig.Sqlite(temp, Duration.ofSeconds(10), 4), Clock.systemUTC());
             NodeWork work = new NodeWork(store, "c1", FlowConfig.defaults())) {
            AtomicInteger running = new AtomicInteger();
            AtomicInteger mostAtOnce = new AtomicInteger();
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch done = new CountDownLatch(tasks);
            for (int i = 0; i < tasks; i++) {
                UUID node = store.nodes().create(Node.builder(UUID.randomUUID(), "fake-hardware", Instant.now())
                        .build()).uuid();
                work.submit(node, "test task", lock -> {
                    mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
                    try {
                        release.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    running.decrementAndGet();
                    done.countDown();
                });
            }
            for (int i = 0; i < 100 && running.get() < NodeWork.WORKERS; i++) {
                Thread.sleep(50);
            }
            Thread.sleep(200);
            assertThat(running.get()).as("tasks holding a worker while the first ones block")
                    .isEqualTo(NodeWork.WORKERS);
            release.countDown();
            assertThat(done.await(30, TimeUnit.SECONDS)).as("every task ran in the end").isTrue();
            assertThat(mostAtOnce.get()).isEqualTo(NodeWork.WORKERS);
        }
    }
}
