package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.cluster.ConductorRing;
import dev.ferrum.conductor.cluster.HashRing;
import dev.ferrum.conductor.cluster.RingOwnership;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.periodic.Takeover;
import dev.ferrum.conductor.state.ProvisionState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A dead conductor's many waiting nodes are re-driven in parallel, yet never two reboots at once on one BMC: the
 * survivors take over a large share of the fleet in a fraction of the time one node after the other would take.
 */
class ParallelTakeoverTest {
    private static final String DEAD = "dead-conductor";
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final int BMCS = 3;
    private static final int NODES = 9;

    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;

    @Test
    void theNodesOfADeadConductorAreRebootedInParallelOneAtATimePerBmc() {
        conductor = flow.start(FlowConfig.defaults());
        conductor.store.conductors().register(FlowFixture.CONDUCTOR, List.of("fake-hardware"), "");
        conductor.store.conductors().register(DEAD, List.of("fake-hardware"), "");
        List<UUID> nodes = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            UUID node = conductor.createNode("orphan-" + i, String.format("02:fb:00:00:00:%02x", i),
                    ",\"inspect_interface\":\"agent\",\"driver_info\":{\"ipmi_address\":\"10.0.3." + (i % BMCS)
                            + "\"}");
            conductor.provision(node, "manage");
            conductor.await(node, ProvisionState.MANAGEABLE);
            conductor.provision(node, "inspect");
            conductor.await(node, ProvisionState.INSPECT_WAIT);
            // As if the dead conductor had booted it: its ramdisk calls that conductor.
            conductor.store.locks().withLock(node, DEAD, lock -> conductor.store.nodes().update(lock,
                    conductor.store.nodes().get(node).version(), b -> b.conductorAffinity(DEAD)));
            nodes.add(node);
        }
        int rebootsBefore = conductor.power.calls().size();
        conductor.clock.advance(TIMEOUT.plusSeconds(30));
        conductor.store.conductors().heartbeat(FlowFixture.CONDUCTOR);
        Map<String, AtomicInteger> atBmc = new ConcurrentHashMap<>();
        Map<String, Integer> maxAtBmc = new ConcurrentHashMap<>();
        AtomicInteger overall = new AtomicInteger();
        AtomicInteger maxOverall = new AtomicInteger();
        // The first reboot on each BMC waits for the others': they meet only if the BMCs' lanes run side by side.
        CountDownLatch allBmcsAtOnce = new CountDownLatch(BMCS);
        conductor.power.beforeReboot(node -> {
            String bmc = node.driverInfo().string("ipmi_address").orElseThrow();
            maxAtBmc.merge(bmc, atBmc.computeIfAbsent(bmc, b -> new AtomicInteger()).incrementAndGet(), Math::max);
            maxOverall.accumulateAndGet(overall.incrementAndGet(), Math::max);
            allBmcsAtOnce.countDown();
            try {
                allBmcsAtOnce.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            overall.decrementAndGet();
            atBmc.get(bmc).decrementAndGet();
        });
        ConductorRing ring = new ConductorRing(conductor.store.conductors()::list, conductor.clock, TIMEOUT,
                HashRing.DEFAULT_PARTITION_EXPONENT);
        Takeover takeover = new Takeover(conductor.store, conductor.drivers,
                new RingOwnership(FlowFixture.CONDUCTOR, ring, conductor.store.nodes()::find), FlowConfig.defaults(),
                conductor.clock, lock -> conductor.inspections.finishFromStoredReport(lock, conductor.json));

        List<UUID> handled = takeover.takeOverOnce();

        assertThat(handled).containsExactlyInAnyOrderElementsOf(nodes);
        assertThat(maxOverall.get()).as("every BMC's first reboot in flight at once").isEqualTo(BMCS);
        assertThat(maxAtBmc).hasSize(BMCS).allSatisfy((bmc, max) -> assertThat(max).as(bmc).isEqualTo(1));
        for (UUID node : nodes) {
            Node taken = conductor.store.nodes().get(node);
            assertThat(taken.provisionState()).isEqualTo(ProvisionState.INSPECT_WAIT);
            assertThat(taken.conductorAffinity()).contains(FlowFixture.CONDUCTOR);
            assertThat(taken.reservation()).isEmpty();
        }
        List<String> calls = conductor.power.calls();
        assertThat(calls.subList(rebootsBefore, calls.size())).filteredOn(call -> call.endsWith("reboot"))
                .hasSize(NODES);
        assertThat(takeover.takeOverOnce()).as("each taken over once").isEmpty();
    }
}
