package dev.ferrum.conductor.periodic;

import dev.ferrum.conductor.cluster.Handoff;
import dev.ferrum.conductor.store.Store;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Takes the provision work other conductors' APIs left in the store for nodes this conductor owns on the
 * ring, and carries it on here: Ferrum's counterpart of the owner's RPC topic in Ironic. A handoff whose
 * owner died is taken by the node's next owner once the ring drops the dead one.
 */
public final class HandoffPoller implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(HandoffPoller.class.getName());
    /** How often the store is asked; the API caller already has its 202 and the node's new state. */
    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);

    private final Store store;
    private final Predicate<UUID> owns;
    private final Consumer<Handoff> carryOn;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("ferrum-handoffs").daemon().factory());

    /**
     * @param owns whether this conductor owns the node now
     * @param carryOn starts the handed-off work here (the flows' {@code continueHandedOff})
     */
    public HandoffPoller(Store store, Predicate<UUID> owns, Consumer<Handoff> carryOn) {
        this.store = store;
        this.owns = owns;
        this.carryOn = carryOn;
    }

    /** Polls every {@code interval} until closed. */
    public void start(Duration interval) {
        timer.scheduleWithFixedDelay(this::pollLogged, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void pollLogged() {
        try {
            pollOnce();
        } catch (RuntimeException failure) {
            LOG.log(System.Logger.Level.ERROR, "taking handed-off work failed; retrying: " + failure.getMessage(),
                    failure);
        }
    }

    /** Claims and starts every handoff of a node this conductor owns; returns how many it took. */
    public int pollOnce() {
        int taken = 0;
        for (Handoff handoff : store.handoffs().list()) {
            // Claimed only by one conductor even if two think they own the node during a ring change.
            if (owns.test(handoff.node()) && store.handoffs().claim(handoff)) {
                carryOn.accept(handoff);
                taken++;
            }
        }
        return taken;
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
