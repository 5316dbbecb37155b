package dev.ferrum.agent.image.writer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WriteBehindTest {

    @Test
    void startsOneSyncPerIntervalWritten() throws Exception {
        AtomicInteger syncs = new AtomicInteger();
        WriteBehind behind = new WriteBehind(syncs::incrementAndGet, 100);
        behind.written(60);
        behind.await();
        assertThat(syncs).hasValue(0);
        behind.written(40);
        behind.await();
        assertThat(syncs).hasValue(1);
        behind.written(99);
        behind.await();
        assertThat(syncs).hasValue(1);
        behind.written(250);
        behind.await();
        assertThat(syncs).hasValue(2);
    }

    @Test
    void neverRunsTwoSyncsAtOnceNorMakesTheWriterWait() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        AtomicInteger syncs = new AtomicInteger();
        WriteBehind behind = new WriteBehind(() -> {
            syncs.incrementAndGet();
            started.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new IOException(e);
            }
        }, 10);
        behind.written(10);
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        // The first sync is blocked: more writes return at once and start no second one.
        behind.written(10);
        behind.written(10);
        assertThat(syncs).hasValue(1);
        release.countDown();
        behind.await();
        behind.written(10);
        behind.await();
        assertThat(syncs).hasValue(2);
    }

    @Test
    void aFailedSyncIsThrownByAwait() {
        WriteBehind behind = new WriteBehind(() -> {
            throw new IOException("device gone");
        }, 1);
        assertThatThrownBy(() -> {
            behind.written(1);
            behind.await();
        }).isInstanceOf(IOException.class).hasMessage("device gone");
    }

    @Test
    void aFailedSyncIsThrownWhenTheNextOneWouldStart() throws Exception {
        WriteBehind behind = new WriteBehind(() -> {
            throw new IOException("device gone");
        }, 1);
        behind.written(1);
        assertThatThrownBy(() -> {
            // The first sync may still run on its thread; the write that follows it reports its failure.
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (System.nanoTime() < end) {
                behind.written(1);
                Thread.sleep(1);
            }
        }).isInstanceOf(IOException.class).hasMessage("device gone");
    }

    @Test
    void closeWaitsForTheSyncAndDropsItsFailure() throws Exception {
        AtomicInteger done = new AtomicInteger();
        WriteBehind behind = new WriteBehind(() -> {
            done.incrementAndGet();
            throw new IOException("after a failed write nobody needs this");
        }, 1);
        behind.written(1);
        behind.close();
        assertThat(done).hasValue(1);
        behind.await();
    }

    @Test
    void refusesANonPositiveInterval() {
        assertThatThrownBy(() -> new WriteBehind(() -> { }, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
