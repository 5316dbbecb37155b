package dev.ferrum.conductor.cluster;

import dev.ferrum.conductor.node.Node;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * The hash rings every conductor builds from the membership table, as Ironic's conductors do: one ring per
 * (conductor group, hardware type) over the live conductors of that group serving that type, keyed by node
 * uuid. It decides which conductor works a node (periodic tasks, takeover) and what the API shows as the
 * node's {@code conductor}. Membership is re-read at most once per {@code refresh}, so a listing of many
 * nodes or a pass over the fleet costs one read.
 */
public final class ConductorRing {
    /** Ironic's default {@code [conductor]heartbeat_timeout}. */
    public static final Duration DEFAULT_HEARTBEAT_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration REFRESH = Duration.ofSeconds(1);

    private record Key(String group, String driver) {
    }

    private record Snapshot(Instant readAt, List<ConductorRecord> alive, Map<Key, HashRing> rings) {
    }

    private final Supplier<List<ConductorRecord>> members;
    private final Clock clock;
    private final Duration heartbeatTimeout;
    private final int partitionExponent;
    private volatile Snapshot snapshot = new Snapshot(Instant.MIN, List.of(), Map.of());

    /** @param members every registered conductor, as the membership table holds them (read on each refresh) */
    public ConductorRing(Supplier<List<ConductorRecord>> members, Clock clock, Duration heartbeatTimeout,
            int partitionExponent) {
        if (heartbeatTimeout.isNegative() || heartbeatTimeout.isZero()) {
            throw new IllegalArgumentException("heartbeatTimeout must be positive, got " + heartbeatTimeout);
        }
        this.members = members;
        this.clock = clock;
        this.heartbeatTimeout = heartbeatTimeout;
        this.partitionExponent = partitionExponent;
    }

    /** With Ironic's default timeout and partition exponent. */
    public static ConductorRing withDefaults(Supplier<List<ConductorRecord>> members, Clock clock) {
        return new ConductorRing(members, clock, DEFAULT_HEARTBEAT_TIMEOUT, HashRing.DEFAULT_PARTITION_EXPONENT);
    }

    public Duration heartbeatTimeout() {
        return heartbeatTimeout;
    }

    /** Whether {@code conductor} counts as alive now: online and heartbeated within the timeout. */
    public boolean isAlive(ConductorRecord conductor) {
        return conductor.isAlive(clock.instant(), heartbeatTimeout);
    }

    /** Whether a conductor of that name is alive in the current snapshot. */
    public boolean isAlive(String hostname) {
        return current().alive().stream().anyMatch(c -> c.hostname().equals(hostname));
    }

    /** The live conductor that works {@code node}; empty when none of its group serves its hardware type. */
    public Optional<String> ownerOf(Node node) {
        return ownerOf(node.conductorGroup(), node.driver(), node.uuid());
    }

    /** The live conductor of {@code group} serving {@code driver} that works the node {@code uuid}. */
    public Optional<String> ownerOf(String group, String driver, UUID uuid) {
        Snapshot now = current();
        HashRing ring = now.rings().get(new Key(group.toLowerCase(Locale.ROOT), driver));
        return ring == null ? Optional.empty() : ring.owner(uuid.toString());
    }

    /** Forgets the snapshot so the next question re-reads membership (a conductor joined or died). */
    public void refresh() {
        snapshot = new Snapshot(Instant.MIN, List.of(), Map.of());
    }

    private Snapshot current() {
        Instant now = clock.instant();
        Snapshot current = snapshot;
        if (current.readAt().plus(REFRESH).isBefore(now) || current.readAt().isAfter(now)) {
            List<ConductorRecord> alive = members.get().stream().filter(c -> c.isAlive(now, heartbeatTimeout))
                    .toList();
            current = new Snapshot(now, alive, rings(alive));
            snapshot = current;
        }
        return current;
    }

    private Map<Key, HashRing> rings(List<ConductorRecord> alive) {
        Map<Key, List<String>> hosts = new HashMap<>();
        for (ConductorRecord conductor : alive) {
            for (String driver : conductor.drivers()) {
                hosts.computeIfAbsent(new Key(conductor.conductorGroup().toLowerCase(Locale.ROOT), driver),
                        k -> new java.util.ArrayList<>()).add(conductor.hostname());
            }
        }
        Map<Key, HashRing> rings = new HashMap<>();
        hosts.forEach((key, names) -> rings.put(key, HashRing.of(names, partitionExponent)));
        return Map.copyOf(rings);
    }
}
