package dev.ferrum.conductor.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.store.Store;
import dev.ferrum.conductor.store.StoreConfig;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rings built from the membership table: per group (case-insensitive) and hardware type, live members only. */
class ConductorRingTest {
    private static final Instant T0 = Instant.parse("2026-11-27T04:00:00Z");
    private final AtomicReference<Instant> now = new AtomicReference<>(T0);
    private final Clock clock = new Clock() {
        @Override
        public Instant instant() {
            return now.get();
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    };
    @TempDir
    Path temp;
    private Store store;

    @AfterEach
    void close() {
        store.close();
    }

    private ConductorRing ring() {
        store = Store.open(new StoreConfig.Sqlite(temp, Duration.ofSeconds(10), 2), clock);
        return new ConductorRing(store.conductors()::list, clock, Duration.ofSeconds(60),
                HashRing.DEFAULT_PARTITION_EXPONENT);
    }

    private static Node node(String driver, String group) {
        return Node.builder(UUID.randomUUID(), driver, T0).conductorGroup(group).build();
    }

    @Test
    void aNodeIsOwnedByALiveConductorOfItsGroupServingItsDriver() {
        ConductorRing ring = ring();
        store.conductors().register("ipmi-a", List.of("ipmi"), "Rack-1");
        store.conductors().register("redfish-a", List.of("redfish"), "rack-1");
        store.conductors().register("other-group", List.of("ipmi", "redfish"), "rack-2");

        assertThat(ring.ownerOf(node("ipmi", "rack-1"))).contains("ipmi-a");
        assertThat(ring.ownerOf(node("redfish", "RACK-1"))).as("groups match case-insensitively")
                .contains("redfish-a");
        assertThat(ring.ownerOf(node("ipmi", ""))).as("no conductor in the default group").isEmpty();
        assertThat(ring.ownerOf(node("fake-hardware", "rack-2"))).as("nobody serves the driver").isEmpty();
    }

    @Test
    void aConductorThatStopsHeartbeatingLeavesTheRingOnceTheTimeoutPasses() {
        ConductorRing ring = ring();
        store.conductors().register("c1", List.of("ipmi"), "");
        store.conductors().register("c2", List.of("ipmi"), "");
        List<Node> nodes = java.util.stream.IntStream.range(0, 200).mapToObj(i -> node("ipmi", "")).toList();
        assertThat(nodes.stream().map(ring::ownerOf).distinct()).containsExactlyInAnyOrder(Optional.of("c1"),
                Optional.of("c2"));

        now.set(T0.plusSeconds(59));
        store.conductors().heartbeat("c1");
        ring.refresh();
        assertThat(ring.isAlive("c2")).as("within the timeout").isTrue();
        now.set(T0.plusSeconds(61));
        ring.refresh();
        assertThat(ring.isAlive("c2")).isFalse();
        assertThat(nodes.stream().map(ring::ownerOf).distinct()).containsExactly(Optional.of("c1"));

        store.conductors().unregister("c1");
        ring.refresh();
        assertThat(ring.ownerOf(nodes.get(0))).as("a cleanly stopped conductor leaves at once").isEmpty();
    }
}
