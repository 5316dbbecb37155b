package dev.ferrum.conductor.periodic;

import dev.ferrum.conductor.store.ConductorRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * This conductor's "alive" mark in the membership table, and the takeover passes that follow the other
 * conductors' marks, on two threads of their own. They used to share one: a pass that re-drove a dead conductor's
 * 28,000 nodes took minutes, this conductor's own mark went stale meanwhile, and the other conductors took it for
 * dead and broke its locks (bench/README.md, the 100,000-agent cluster run). Now the mark is never queued behind
 * other work; a mark that still comes late (CPU starved, a long GC pause, the database slow to answer) is logged,
 * since the others act on it once it is older than the heartbeat timeout.
 */
public final class MembershipHeartbeat implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(MembershipHeartbeat.class.getName());

    private final ConductorRegistry conductors;
    private final String name;
    private final Duration timeout;
    private final Clock clock;
    private final ScheduledExecutorService beats = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("conductor-heartbeat").daemon().factory());
    private final ScheduledExecutorService passes = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("conductor-takeover").daemon().factory());
    private volatile Optional<Instant> lastMark = Optional.empty();

    public MembershipHeartbeat(ConductorRegistry conductors, String name, Duration timeout, Clock clock) {
        this.conductors = conductors;
        this.name = name;
        this.timeout = timeout;
        this.clock = clock;
    }

    /** Marks this conductor alive every {@code interval}, and runs {@code takeover} as often, on its own thread. */
    public void start(Duration interval, Runnable takeover) {
        beats.scheduleAtFixedRate(this::markAlive, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
        passes.scheduleWithFixedDelay(() -> {
            try {
                takeover.run();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "taking over from dead conductors failed; retrying next tick: "
                        + e.getMessage(), e);
            }
        }, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** One mark; returns how long after the previous successful one it was written. */
    Optional<Duration> markAlive() {
        try {
            conductors.heartbeat(name);
        } catch (RuntimeException e) {
            // Logged and retried at the next tick: a missed mark only matters if it keeps failing.
            LOG.log(System.Logger.Level.WARNING, "conductor heartbeat failed: " + e.getMessage(), e);
            return Optional.empty();
        }
        Instant now = clock.instant();
        Optional<Duration> since = lastMark.map(previous -> Duration.between(previous, now));
        lastMark = Optional.of(now);
        since.filter(gap -> gap.compareTo(timeout.dividedBy(2)) > 0).ifPresent(gap -> LOG.log(
                System.Logger.Level.WARNING, "conductor " + name + " marked itself alive " + gap.toMillis() + " ms after"
                        + " its previous mark; past " + timeout.toSeconds() + " s the other conductors take it for dead"
                        + " and take its nodes over. Look for CPU starvation, long GC pauses or a slow database."));
        return since;
    }

    @Override
    public void close() {
        beats.shutdownNow();
        passes.shutdownNow();
    }
}
