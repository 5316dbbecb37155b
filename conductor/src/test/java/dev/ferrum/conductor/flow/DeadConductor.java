package dev.ferrum.conductor.flow;

import dev.ferrum.conductor.cluster.ConductorRing;
import dev.ferrum.conductor.cluster.HashRing;
import dev.ferrum.conductor.cluster.RingOwnership;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.periodic.Recovery;
import dev.ferrum.conductor.periodic.Takeover;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.store.NodeLock;
import dev.ferrum.conductor.store.NodeMutation;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

/**
 * Two conductors on one store for the takeover tests: the fixture's live {@link FlowFixture#CONDUCTOR} and
 * {@link #NAME}, which works on nodes through the same store and then dies; the live one's {@link Recovery} and
 * {@link Takeover} (built as the conductor builds them) pick up what it left.
 */
final class DeadConductor {
    static final String NAME = "dead-conductor";
    static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final FlowFixture conductor;

    /** Registers both conductors in {@code conductor}'s store. */
    DeadConductor(FlowFixture conductor) {
        this.conductor = conductor;
        conductor.store.conductors().register(FlowFixture.CONDUCTOR, List.of("fake-hardware"), "");
        conductor.store.conductors().register(NAME, List.of("fake-hardware"), "");
    }

    /**
     * The dead conductor fires {@code events} on the node in turn, each with {@code change}, under its lock, and
     * dies holding the lock, which is returned (a test may go on working as the dead conductor before it died).
     */
    NodeLock diesHolding(UUID node, NodeMutation change, ProvisionEvent... events) {
        conductor.store.locks().withLock(node, NAME, lock -> {
            Node n = conductor.store.nodes().get(node);
            for (ProvisionEvent event : events) {
                n = conductor.store.transition(lock, n.version(), n.provisionState(), event, change);
            }
            return n;
        });
        return conductor.store.locks().acquire(node, NAME);
    }

    /** Its heartbeat grows older than the timeout while the live conductor keeps heartbeating. */
    void staysSilent() {
        conductor.clock.advance(TIMEOUT.plusSeconds(30));
        conductor.store.conductors().heartbeat(FlowFixture.CONDUCTOR);
    }

    Recovery recovery() {
        return new Recovery(conductor.store, FlowFixture.CONDUCTOR, TIMEOUT, conductor.clock);
    }

    /** The takeover of the conductor {@code name}, finishing inspections with the fixture's processor. */
    static Takeover takeoverBy(FlowFixture conductor, String name) {
        ConductorRing ring = new ConductorRing(conductor.store.conductors()::list, conductor.clock, TIMEOUT,
                HashRing.DEFAULT_PARTITION_EXPONENT);
        return new Takeover(conductor.store, conductor.drivers,
                new RingOwnership(name, ring, conductor.store.nodes()::find), FlowConfig.defaults(), conductor.clock,
                lock -> conductor.inspections.finishFromStoredReport(lock, conductor.json));
    }

    Takeover takeover() {
        return takeoverBy(conductor, FlowFixture.CONDUCTOR);
    }

    List<NodeEvent> events(UUID node, String event) {
        return conductor.store.history().list(node).stream().filter(e -> e.event().equals(event)).toList();
    }
}
