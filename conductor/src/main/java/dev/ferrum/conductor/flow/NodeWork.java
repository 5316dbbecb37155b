package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.history.RequestUser;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.Store;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs work on a node off the caller's thread, holding the node's lock. When another task holds the
 * node the work is retried after a delay rather than dropped (a heartbeat that arrives while the
 * conductor is still talking to the agent must still be processed); only after the configured number
 * of attempts does it give up, with an error in the log. Failures are logged once here.
 * At most {@link #WORKERS} tasks run at once; the rest wait their turn here, not in the connection pool's queue
 * (see {@link #WORKERS}).
 */
public final class NodeWork implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(NodeWork.class.getName());

    private final Store store;
    private final String conductor;
    private final FlowConfig config;
    /**
     * Ironic's {@code [conductor]workers_pool_size}. Unbounded, the first heartbeats of 28,000 agents became 28,000
     * tasks queued for a handful of database connections: the commits agents and the cluster wait on (a heartbeat's
     * 202, the conductor's alive mark) queued behind them for tens of seconds, and tasks that waited past the
     * pool's timeout failed and dropped their heartbeat. A task waiting here costs a parked virtual thread.
     */
    static final int WORKERS = 100;

    private final ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor();
    private final Semaphore running = new Semaphore(WORKERS, true);
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("ferrum-node-work-timer").daemon().factory());

    public NodeWork(Store store, String conductor, FlowConfig config) {
        this.store = store;
        this.conductor = conductor;
        this.config = config;
    }

    /** Runs {@code work} with the node locked, soon; {@code what} names it in the log. */
    public void submit(UUID node, String what, Consumer<NodeLock> work) {
        submit(node, what, work, () -> { });
    }

    /**
     * As {@link #submit(UUID, String, Consumer)}; {@code abandoned} runs instead of {@code work} when the
     * node cannot be locked (after the logged error), so a caller that keeps state per queued task can drop it.
     */
    public void submit(UUID node, String what, Consumer<NodeLock> work, Runnable abandoned) {
        // The queued work carries on a request, so its history names the request's user, as if done at once.
        Optional<String> user = RequestUser.current();
        attempt(node, what, lock -> RequestUser.run(user, () -> work.accept(lock)), abandoned, 1);
    }

    private void attempt(UUID node, String what, Consumer<NodeLock> work, Runnable abandoned, int attempt) {
        workers.execute(() -> {
            try {
                running.acquire();
            } catch (InterruptedException e) {
                // Only when the conductor stops: the work is dropped with it, as queued work is.
                Thread.currentThread().interrupt();
                abandoned.run();
                return;
            }
            try {
                attemptHoldingAWorker(node, what, work, abandoned, attempt);
            } finally {
                running.release();
            }
        });
    }

    private void attemptHoldingAWorker(UUID node, String what, Consumer<NodeLock> work, Runnable abandoned,
            int attempt) {
        Optional<NodeLock> lock;
        try {
            lock = store.locks().tryAcquire(node, conductor);
        } catch (RuntimeException failure) {
            LOG.log(System.Logger.Level.ERROR, "node=" + node + " " + what + " could not lock the node", failure);
            abandoned.run();
            return;
        }
        if (lock.isEmpty()) {
            if (attempt >= config.lockAttempts()) {
                LOG.log(System.Logger.Level.ERROR, "node=" + node + " " + what + " gave up after " + attempt
                        + " attempts: the node stayed locked by another task");
                abandoned.run();
                return;
            }
            timer.schedule(() -> attempt(node, what, work, abandoned, attempt + 1), config.lockRetryDelay().toMillis(),
                    TimeUnit.MILLISECONDS);
            return;
        }
        try {
            work.accept(lock.get());
        } catch (RuntimeException failure) {
            LOG.log(System.Logger.Level.ERROR, "node=" + node + " " + what + " failed: " + failure.getMessage(),
                    failure);
        } finally {
            try {
                store.locks().release(lock.get());
            } catch (RuntimeException releaseFailed) {
                LOG.log(System.Logger.Level.ERROR, "node=" + node + " lock release after " + what + " failed",
                        releaseFailed);
            }
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
        workers.shutdown();
        try {
            workers.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
