package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.store.AgentBeat;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Group commit: concurrent callers share transactions, each gets its own heartbeat's outcome only after the
 * transaction holding it ran, a failed transaction fails exactly its own callers, and nobody is left waiting.
 */
class HeartbeatBatchesTest {
    private static final Instant T0 = Instant.parse("2026-11-27T10:00:00Z");

    @Test
    void concurrentCallersShareTransactionsAndEachGetsItsOwnOutcome() throws Exception {
        List<Integer> sizes = java.util.Collections.synchronizedList(new ArrayList<>());
        HeartbeatBatches batches = new HeartbeatBatches(beats -> {
            sizes.add(beats.size());
            sleep(5);
            // An outcome each caller can check is its own: the node's number decides it.
            return beats.stream().map(beat -> outcomeOf(beat)).toList();
        });
        List<AgentBeat> beats = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            beats.add(beat(i));
        }
        List<Future<AgentBeat.Outcome>> answers = new ArrayList<>();
        try (ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor()) {
            for (AgentBeat beat : beats) {
                answers.add(callers.submit(() -> batches.record(beat)));
            }
            for (int i = 0; i < beats.size(); i++) {
                assertThat(answers.get(i).get(1, TimeUnit.MINUTES)).isEqualTo(outcomeOf(beats.get(i)));
            }
        }
        assertThat(sizes.stream().mapToInt(Integer::intValue).sum()).isEqualTo(64);
        assertThat(sizes).as("callers queued behind a writing transaction share the next one").hasSizeLessThan(64);
    }

    @Test
    void aFailedTransactionFailsItsOwnCallersAndTheNextOneRecords() {
        AtomicInteger transactions = new AtomicInteger();
        HeartbeatBatches batches = new HeartbeatBatches(beats -> {
            if (transactions.incrementAndGet() == 1) {
                throw new IllegalStateException("the store is read-only");
            }
            return beats.stream().map(beat -> AgentBeat.Outcome.RECORDED).toList();
        });
        assertThatThrownBy(() -> batches.record(beat(1))).hasMessage("the store is read-only");
        assertThat(batches.record(beat(2))).isEqualTo(AgentBeat.Outcome.RECORDED);
    }

    @Test
    void manyCallersOnFewThreadsAreAllAnswered() throws Exception {
        AtomicInteger written = new AtomicInteger();
        HeartbeatBatches batches = new HeartbeatBatches(beats -> {
            written.addAndGet(beats.size());
            return beats.stream().map(beat -> AgentBeat.Outcome.RECORDED).toList();
        });
        List<Future<Integer>> loops = new ArrayList<>();
        try (ExecutorService callers = Executors.newFixedThreadPool(32)) {
            for (int t = 0; t < 32; t++) {
                int first = t * 1000;
                loops.add(callers.submit(() -> {
                    for (int i = 0; i < 500; i++) {
                        assertThat(batches.record(beat(first + i))).isEqualTo(AgentBeat.Outcome.RECORDED);
                    }
                    return 500;
                }));
            }
            for (Future<Integer> loop : loops) {
                // A bound for a lost wake-up (a caller parked forever), not a speed limit.
                assertThat(loop.get(2, TimeUnit.MINUTES)).isEqualTo(500);
            }
        }
        assertThat(written.get()).isEqualTo(32 * 500);
    }

    private static AgentBeat.Outcome outcomeOf(AgentBeat beat) {
        return beat.agentVersion().endsWith("7") ? AgentBeat.Outcome.KEPT_FOR_LOCK : AgentBeat.Outcome.RECORDED;
    }

    private static AgentBeat beat(int n) {
        return new AgentBeat(new UUID(0, n), URI.create("http://10.0.0.1:9999"), "9.4." + n, T0.plusMillis(n),
                Optional.empty());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
