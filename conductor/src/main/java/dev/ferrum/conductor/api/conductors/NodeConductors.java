package dev.ferrum.conductor.api.conductors;

import dev.ferrum.conductor.cluster.ConductorRecord;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.ConductorRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Which live conductor serves a node, for the node's {@code conductor} field and filter (API 1.49): among the
 * conductors alive in the node's conductor group that serve its hardware type, one chosen by the node's
 * uuid (so a node keeps its conductor while the set is stable); none when no such conductor is alive, as
 * Ironic shows {@code null} when its hash ring has no host. The live set is re-read at most once a second,
 * so a listing of many nodes costs one read.
 */
public final class NodeConductors {
    /** Ironic's default {@code [conductor]heartbeat_timeout}, which Ferrum's conductor also uses (6 x 10 s). */
    public static final Duration HEARTBEAT_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration REFRESH = Duration.ofSeconds(1);

    private record Snapshot(Instant readAt, List<ConductorRecord> alive) {
    }

    private final ConductorRegistry registry;
    private final Clock clock;
    private volatile Snapshot snapshot = new Snapshot(Instant.MIN, List.of());

    public NodeConductors(ConductorRegistry registry, Clock clock) {
        this.registry = registry;
        this.clock = clock;
    }

    /** Whether {@code conductor} counts as alive now: online and heartbeated within the timeout. */
    public boolean isAlive(ConductorRecord conductor) {
        return conductor.isAlive(clock.instant(), HEARTBEAT_TIMEOUT);
    }

    /** The host name of the conductor serving {@code node}, if one is alive. */
    public Optional<String> servingConductor(Node node) {
        List<ConductorRecord> candidates = alive().stream()
                .filter(c -> c.conductorGroup().toLowerCase(Locale.ROOT)
                        .equals(node.conductorGroup().toLowerCase(Locale.ROOT)))
                .filter(c -> c.drivers().contains(node.driver()))
                .sorted(Comparator.comparing(ConductorRecord::hostname))
                .toList();
        if (candidates.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(candidates.get(Math.floorMod(node.uuid().hashCode(), candidates.size())).hostname());
    }

    private List<ConductorRecord> alive() {
        Instant now = clock.instant();
        Snapshot current = snapshot;
        if (current.readAt().plus(REFRESH).isBefore(now) || current.readAt().isAfter(now)) {
            current = new Snapshot(now, registry.list().stream().filter(c -> c.isAlive(now, HEARTBEAT_TIMEOUT))
                    .toList());
            snapshot = current;
        }
        return current.alive();
    }
}
