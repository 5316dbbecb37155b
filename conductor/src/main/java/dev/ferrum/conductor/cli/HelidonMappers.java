package dev.ferrum.conductor.cli;

import io.helidon.common.mapper.MapperManager;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Pins one Helidon mapper manager for the whole JVM before the web server starts.
 *
 * <p>Helidon 4.4's {@code MapperManager.global()} asks the service registry on every call, and the registry
 * builds a new mapper set each time (the mappers are a per-lookup service), so every typed header read pays for
 * a registry search and a fresh mapper configuration. The web server does one such read on every request with
 * a body ({@code Content-Length} as a long, in {@code Http1Connection.route}): a CPU profile of the conductor
 * under bench/heartbeat-ab.sh put it at 38% of a heartbeat's samples. Pinned, the global manager is one
 * instance with its mapper caches kept; the mappers it holds are the same built-in and discovered ones.
 */
final class HelidonMappers {
    /**
     * Helidon accepts the pin once per JVM and warns on a second try; the flag makes a second conductor started
     * in the same JVM (tests start several) reuse the first pin. It mirrors Helidon's own JVM-wide state.
     */
    private static final AtomicBoolean PINNED = new AtomicBoolean();

    private HelidonMappers() {
    }

    /** Pins the global manager unless this JVM already did; call before anything in Helidon maps a value. */
    @SuppressWarnings("removal") // the deprecated setter is the only way to the manager's fast path in 4.4
    static void pinGlobal() {
        if (PINNED.compareAndSet(false, true)) {
            MapperManager.global(MapperManager.create());
        }
    }
}
