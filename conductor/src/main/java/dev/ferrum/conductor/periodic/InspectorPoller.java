package dev.ferrum.conductor.periodic;

import dev.ferrum.conductor.flow.ConductorFlows;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Asks the remote inspection service, on a fixed period, how the introspection of each node waiting on it
 * goes (Ironic's inspector status check period); the flows move finished nodes on. Runs only on a
 * conductor that has an inspector service configured.
 */
public final class InspectorPoller implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(InspectorPoller.class.getName());

    private final ConductorFlows flows;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("ferrum-inspector-poller").daemon().factory());

    public InspectorPoller(ConductorFlows flows) {
        this.flows = flows;
    }

    /** Polls every {@code interval} until closed. */
    public void start(Duration interval) {
        timer.scheduleWithFixedDelay(() -> {
            try {
                flows.pollRemoteInspections();
            } catch (RuntimeException failure) {
                LOG.log(System.Logger.Level.ERROR, "inspector poll failed; retrying next interval: "
                        + failure.getMessage(), failure);
            }
        }, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
