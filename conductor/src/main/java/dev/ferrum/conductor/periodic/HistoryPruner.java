package dev.ferrum.conductor.periodic;

import dev.ferrum.conductor.store.Store;
import java.time.Clock;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Ironic's node history cleanup: every interval, deletes the entries beyond each node's newest
 * {@code maxEntries} that are older than the minimum age, a batch at a time until none is left. Several
 * conductors may prune at once; the deletes are idempotent.
 */
public final class HistoryPruner implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(HistoryPruner.class.getName());

    private final Store store;
    private final HistoryRetention retention;
    private final Clock clock;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("ferrum-history-pruner").daemon().factory());

    public HistoryPruner(Store store, HistoryRetention retention, Clock clock) {
        this.store = store;
        this.retention = retention;
        this.clock = clock;
    }

    public void start() {
        long every = retention.interval().toMillis();
        timer.scheduleWithFixedDelay(() -> {
            try {
                pruneOnce();
            } catch (RuntimeException failure) {
                LOG.log(System.Logger.Level.ERROR, "node history cleanup failed; retrying next interval: "
                        + failure.getMessage(), failure);
            }
        }, every, every, TimeUnit.MILLISECONDS);
    }

    /** One cleanup; returns how many entries went. */
    public int pruneOnce() {
        int total = 0;
        int deleted;
        do {
            deleted = store.history().prune(retention.maxEntries(), clock.instant().minus(retention.minimumAge()),
                    retention.batch());
            total += deleted;
        } while (deleted == retention.batch());
        if (total > 0) {
            LOG.log(System.Logger.Level.INFO, "node history cleanup removed " + total + " entries");
        }
        return total;
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
