package dev.ferrum.conductor.cli;

import io.helidon.common.mapper.MapperManager;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Pins one Helidon mapper manager for the whole JVM before the web server starts.
 *
 * <p>Helidon 4.4's {@code MapperManager.global()} asks the service registry on every call, and the registry
 * builds a new mapper set each time (the mappers are a per-lookup service), so every typed header read pays for
 * a registry search and a fresh mapper configuration. The web server does one such read on every request with
 * a body ({@code Content-Length} as a long, in {@code Http1Connection.route}): a CPU profile of the conductor
 * under bench/heartbeat-ab.sh put it at 38% of a heartbeat's samples. Pinned, the global manager is one
 * instance with its mapper caches kept; the mappers it holds are the same built-in and discovered ones.
 *
 * <p>Building the manager is the JVM's first Helidon call, which starts Helidon's service registry (discovery and
 * descriptors across every jar): a fifth of a conductor's start on two cores. {@link #startPinning} does it on a
 * thread of its own while the main thread reads the options and opens the store, none of which touches Helidon.
 */
final class HelidonMappers {
    /**
     * The one pinning of this JVM, once begun: Helidon accepts the pin once per JVM and warns on a second try, so a
     * second conductor started in the same JVM (tests start several) waits for the first pin instead. It mirrors
     * Helidon's own JVM-wide state.
     */
    private static final AtomicReference<FutureTask<Void>> PINNING = new AtomicReference<>();

    private HelidonMappers() {
    }

    /** Begins the pinning on a background thread, unless it was begun already; {@link #pinGlobal} waits for it. */
    static void startPinning() {
        FutureTask<Void> task = newPinning();
        if (PINNING.compareAndSet(null, task)) {
            Thread.ofPlatform().daemon().name("helidon-registry-start").start(task);
        }
    }

    /**
     * Pins the global manager unless this JVM already did, or waits for the pinning {@link #startPinning} began;
     * call before anything in Helidon maps a value.
     */
    static void pinGlobal() {
        FutureTask<Void> task = newPinning();
        if (PINNING.compareAndSet(null, task)) {
            task.run();
        }
        try {
            PINNING.get().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while Helidon's service registry started", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("Helidon's service registry did not start: " + e.getCause().getMessage(),
                    e.getCause());
        }
    }

    @SuppressWarnings("removal") // the deprecated setter is the only way to the manager's fast path in 4.4
    private static FutureTask<Void> newPinning() {
        return new FutureTask<>(() -> MapperManager.global(MapperManager.create()), null);
    }
}
