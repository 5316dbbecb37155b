package dev.ferrum.conductor.cli;

import io.helidon.common.tls.Tls;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Watches the conductor's certificate and key files and hands a fresh {@link Tls} to the server when either
 * changes. A pair that cannot be read (a renewal caught half-written) is logged and the server keeps the
 * certificate it has; the next change is tried again. Polling, not a file-system watch: certificate tools
 * replace files by rename and symlink swaps that watches miss.
 */
public final class TlsReloader implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(TlsReloader.class.getName());

    private final ServerTlsFiles files;
    private final Consumer<Tls> server;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("tls-reload").daemon().factory());
    private String loaded;

    public TlsReloader(ServerTlsFiles files, Consumer<Tls> server) {
        this.files = files;
        this.server = server;
        this.loaded = files.version();
    }

    /** Starts checking every {@code interval}. */
    public void start(Duration interval) {
        timer.scheduleWithFixedDelay(this::checkNow, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Reloads if the files changed since the last load; true when a new certificate is now served. */
    public synchronized boolean checkNow() {
        String current = files.version();
        if (current.equals(loaded)) {
            return false;
        }
        try {
            server.accept(files.load());
            loaded = current;
            LOG.log(System.Logger.Level.INFO, "TLS certificate reloaded from " + files.certificateChain());
            return true;
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.ERROR, "TLS certificate " + files.certificateChain() + " changed but cannot be"
                    + " used; still serving the previous one: " + e.getMessage());
            return false;
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
