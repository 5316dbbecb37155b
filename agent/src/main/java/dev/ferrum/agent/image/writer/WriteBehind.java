package dev.ferrum.agent.image.writer;

import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;

/**
 * Starts the target's writeback while the image is still streaming, so the final sync has little
 * left to do. Why: the kernel begins background writeback only past dirty_background_ratio (10% of
 * RAM, gigabytes on a deploy ramdisk), so without this an image smaller than that sat in the page
 * cache until the end and the final fsync ran alone after the last byte: measured at 0.24 s of a
 * 1.3 s 512 MiB qcow2 write (2026-11-27, agent/bench/README.md). Every {@code every} bytes written,
 * one data sync runs on a thread of its own (never two at once, and the writer never waits for
 * it), overlapping the disk with the download, digest and decoding. A failed sync is reported by
 * the next {@link #written} or by {@link #await}, which the writer calls before its final sync.
 */
final class WriteBehind implements AutoCloseable {
    /** The sync to run: {@code FileChannel.force(false)} in the writer. */
    @FunctionalInterface
    interface Sync {
        void run() throws IOException;
    }

    private final Sync sync;
    private final long every;
    private long sinceLast;
    private Optional<Future<?>> running = Optional.empty();

    WriteBehind(Sync sync, long every) {
        if (every <= 0) {
            throw new IllegalArgumentException("write-behind interval must be positive: " + every);
        }
        this.sync = sync;
        this.every = every;
    }

    /**
     * Counts {@code bytes} written; starts a sync once {@code every} bytes passed and none is running.
     * Throws the failure of the previous sync, found when the next one would start.
     */
    void written(long bytes) throws IOException {
        sinceLast += bytes;
        if (sinceLast < every || running.filter(f -> !f.isDone()).isPresent()) {
            return;
        }
        await();
        sinceLast = 0;
        FutureTask<Void> task = new FutureTask<>(() -> {
            sync.run();
            return null;
        });
        running = Optional.of(task);
        Thread.ofVirtual().name("image-write-behind").start(task);
    }

    /** Waits for a running sync and throws its failure, if it failed. */
    void await() throws IOException {
        Optional<IOException> failed = failure();
        running = Optional.empty();
        if (failed.isPresent()) {
            throw failed.get();
        }
    }

    private Optional<IOException> failure() {
        if (running.isEmpty()) {
            return Optional.empty();
        }
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    running.get().get();
                    return Optional.empty();
                } catch (InterruptedException e) {
                    // A cancelled write still waits for its sync, so the channel is not closed under it.
                    interrupted = true;
                } catch (ExecutionException e) {
                    return Optional.of(e.getCause() instanceof IOException io ? io : new IOException(e.getCause()));
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Waits for a running sync and drops its outcome (the write failed or was cancelled already). */
    @Override
    public void close() {
        failure();
        running = Optional.empty();
    }
}
