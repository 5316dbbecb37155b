package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.store.AgentBeat;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * Group commit for heartbeats: each caller queues its heartbeat and waits until a transaction holding it has
 * committed, so the API's 202 is only sent for a heartbeat already in the store (nothing the agent was told
 * was accepted is lost on a crash). Whoever gets the writer's turn writes everything queued so far in one
 * transaction; while it commits the next callers queue up behind it and go together in the next one, so the
 * batch grows with the load and one commit's cost is shared by all its heartbeats, without a timer or a thread.
 *
 * <p>Callers whose heartbeat another caller is writing wait for their own heartbeat, not for the writer's turn:
 * the writer wakes each of its batch directly when the transaction commits, and hands the turn to the first caller
 * still queued. (Waiting in line for the turn instead made every caller of a batch take and release it in turn
 * just to learn it was done, and the next batch started only after all of them.)
 */
final class HeartbeatBatches {
    /** Bounds one transaction (and so how long the SQLite write lock is held at a time). */
    private static final int MAX_BATCH = 512;

    /** A queued heartbeat, its outcome once written, and the caller's thread to wake. */
    private record Waiting(AgentBeat beat, CompletableFuture<AgentBeat.Outcome> done, Thread caller) {
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
        Waiting mine = new Waiting(beat, new CompletableFuture<>(), Thread.currentThread());
        queue.add(mine);
        // An interrupt does not cut the wait short (the heartbeat is in the queue and will be written; the old
        // wait on a lock ignored interrupts too), but it would keep park from parking: it is kept for afterwards.
        boolean interrupted = false;
        while (!mine.done().isDone()) {
            if (turn.tryLock()) {
                try {
                    // Usually one round; more only when more than MAX_BATCH were queued ahead of this one.
                    while (!mine.done().isDone()) {
                        writeBatch(drain());
                    }
                } finally {
                    turn.unlock();
                    // Whoever queued while this batch was written may have found the turn taken and be waiting: wake
                    // the first so it takes the turn. Queued after the turn was released, a caller takes it itself.
                    Waiting next = queue.peek();
                    if (next != null) {
                        LockSupport.unpark(next.caller());
                    }
                }
            } else {
                // Woken when its heartbeat is written or when the turn is handed to it; a spurious return only loops.
                LockSupport.park(this);
                interrupted |= Thread.interrupted();
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
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
        } finally {
            batch.forEach(waiting -> LockSupport.unpark(waiting.caller()));
        }
    }

    /** Every waiter of the failed transaction learns it was not recorded (its API call fails, no 202). */
    private static void fail(List<Waiting> batch, RuntimeException failure) {
        batch.forEach(waiting -> waiting.done().completeExceptionally(failure));
    }
}
