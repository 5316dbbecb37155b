package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.store.AgentBeat;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * Group commit for heartbeats: each caller queues its heartbeat and waits until a transaction holding it has
 * committed, so the API's 202 is only sent for a heartbeat already in the store (nothing the agent was told
 * was accepted is lost on a crash). Whoever gets the writer's turn writes everything queued so far in one
 * transaction; while it commits the next callers queue up behind it and go together in the next one, so the
 * batch grows with the load and one commit's cost is shared by all its heartbeats, without a timer or a thread.
 */
final class HeartbeatBatches {
    /** Bounds one transaction (and so how long the SQLite write lock is held at a time). */
    private static final int MAX_BATCH = 512;

    private record Waiting(AgentBeat beat, CompletableFuture<AgentBeat.Outcome> done) {
    }

    private final Queue<Waiting> queue = new ConcurrentLinkedQueue<>();
    private final ReentrantLock turn = new ReentrantLock();
    private final Function<List<AgentBeat>, List<AgentBeat.Outcome>> write;

    /** @param write records a batch in one transaction and answers each heartbeat's outcome in order */
    HeartbeatBatches(Function<List<AgentBeat>, List<AgentBeat.Outcome>> write) {
        this.write = write;
    }

    /** Records {@code beat} with whatever else is queued; returns once committed, or throws the store's failure. */
    AgentBeat.Outcome record(AgentBeat beat) {
        Waiting mine = new Waiting(beat, new CompletableFuture<>());
        queue.add(mine);
        turn.lock();
        try {
            // Usually one round; more only when more than MAX_BATCH were queued ahead of this one.
            while (!mine.done().isDone()) {
                writeBatch(drain());
            }
        } finally {
            turn.unlock();
        }
        try {
            return mine.done().join();
        } catch (CompletionException e) {
            // writeBatch completes a waiter exceptionally with a RuntimeException only.
            throw (RuntimeException) e.getCause();
        }
    }

    private List<Waiting> drain() {
        List<Waiting> batch = new ArrayList<>();
        for (Waiting next = queue.poll(); next != null; next = batch.size() < MAX_BATCH ? queue.poll() : null) {
            batch.add(next);
        }
        return batch;
    }

    private void writeBatch(List<Waiting> batch) {
        try {
            List<AgentBeat.Outcome> outcomes = write.apply(batch.stream().map(Waiting::beat).toList());
            for (int i = 0; i < batch.size(); i++) {
                batch.get(i).done().complete(outcomes.get(i));
            }
        } catch (RuntimeException failure) {
            fail(batch, failure);
        } catch (Error failure) {
            fail(batch, new IllegalStateException("recording a batch of heartbeats failed: " + failure, failure));
            throw failure;
        }
    }

    /** Every waiter of the failed transaction learns it was not recorded (its API call fails, no 202). */
    private static void fail(List<Waiting> batch, RuntimeException failure) {
        batch.forEach(waiting -> waiting.done().completeExceptionally(failure));
    }
}
