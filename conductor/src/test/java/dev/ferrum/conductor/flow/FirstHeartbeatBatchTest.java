package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeInterfaces;
import dev.ferrum.conductor.ramdisk.AgentHeartbeat;
import dev.ferrum.conductor.state.ProvisionState;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An agent's first heartbeat on a boot in a state no flow moves on (issue 13: a fleet's first wave of heartbeats
 * each took the node's lock, read the whole row and wrote five commits): recorded in the heartbeat batch with its
 * history entry, before the call returns, without the lock or the node's row; the entry is the one the locked path
 * writes.
 */
class FirstHeartbeatBatchTest {
    @TempDir
    Path temp;
    private FlowFixture conductor;

    @BeforeEach
    void open() {
        conductor = new FlowFixture(temp, new FlowConfig(Duration.ofMinutes(30), Duration.ofMinutes(30),
                Duration.ofMinutes(60), true, Map.of(), Duration.ofMillis(10), 400));
    }

    @AfterEach
    void close() {
        conductor.close();
    }

    private UUID node(ProvisionState state) {
        UUID uuid = UUID.randomUUID();
        conductor.store.nodes().create(Node.builder(uuid, "fake-hardware", Instant.now())
                .interfaces(NodeInterfaces.allOf("fake")).provisionState(state).build());
        return uuid;
    }

    private static AgentHeartbeat beat(UUID node) {
        return new AgentHeartbeat(node, URI.create("http://10.0.2.7:9999"), "9.4.3",
                Instant.now().truncatedTo(ChronoUnit.MICROS));
    }

    private List<NodeEvent> firstHeartbeats(UUID node) {
        return conductor.store.history().list(node).stream()
                .filter(entry -> entry.kind().equals("agent.heartbeat.first")).toList();
    }

    @Test
    void aFirstHeartbeatInInspectWaitOrActiveIsInTheTimelineOnReturnWithoutTheLockOrTheRow() {
        UUID inspecting = node(ProvisionState.INSPECT_WAIT);
        UUID active = node(ProvisionState.ACTIVE);

        for (UUID node : List.of(inspecting, active)) {
            AgentHeartbeat beat = beat(node);
            conductor.flows.heartbeat(beat);
            // Synchronously: the locked path would have queued it and read the node's row under the lock.
            assertThat(conductor.store.heartbeats().kept()).as("nothing left for the lock").isEmpty();
            assertThat(conductor.store.nodes().get(node).internal().agentLastHeartbeat())
                    .contains(beat.receivedAt());
            assertThat(firstHeartbeats(node)).singleElement().satisfies(entry -> {
                assertThat(entry.message()).isEqualTo("First heartbeat of agent 9.4.3 at http://10.0.2.7:9999");
                assertThat(entry.conductor()).contains(FlowFixture.CONDUCTOR);
                assertThat(entry.fromState()).isEqualTo(conductor.store.nodes().get(node).provisionState());
            });
        }
        assertThat(conductor.store.history().list(inspecting)).as("nothing else in the timeline").hasSize(1);

        // The next heartbeat is no first one.
        conductor.flows.heartbeat(beat(inspecting));
        assertThat(firstHeartbeats(inspecting)).hasSize(1);
    }

    @Test
    void theHeartbeatsThemselvesLoadNoNodeRow() {
        List<UUID> nodes = List.of(node(ProvisionState.INSPECT_WAIT), node(ProvisionState.ACTIVE),
                node(ProvisionState.MANAGEABLE));
        AtomicInteger loads = new AtomicInteger();
        conductor.store.addNodeLoadListener((node, inWrite) -> loads.incrementAndGet());

        nodes.forEach(node -> conductor.flows.heartbeat(beat(node)));

        assertThat(loads).as("node rows loaded by first heartbeats").hasValue(0);
        assertThat(conductor.store.heartbeats().kept()).isEmpty();
        nodes.forEach(node -> assertThat(firstHeartbeats(node)).hasSize(1));
    }

    @Test
    void theBatchWritesTheEntryTheLockedPathWrites() {
        UUID batched = node(ProvisionState.MANAGEABLE);
        UUID locked = node(ProvisionState.MANAGEABLE);
        var held = conductor.store.locks().acquire(locked, "busy-conductor");
        conductor.flows.heartbeat(beat(locked));
        assertThat(conductor.store.heartbeats().kept()).as("a locked node's first heartbeat waits for the lock")
                .hasSize(1);
        conductor.store.locks().release(held);
        conductor.flows.heartbeat(beat(batched));

        Instant until = Instant.now().plusSeconds(20);
        while (firstHeartbeats(locked).isEmpty() && Instant.now().isBefore(until)) {
            FlowFixture.sleep(10);
        }
        NodeEvent underLock = firstHeartbeats(locked).getFirst();
        NodeEvent inBatch = firstHeartbeats(batched).getFirst();
        assertThat(facts(inBatch)).isEqualTo(facts(underLock));
        assertThat(firstHeartbeats(locked)).hasSize(1);
    }

    /** What an operator reads in an entry, apart from which node, when, and its own id. */
    private static List<Object> facts(NodeEvent entry) {
        return List.of(entry.fromState(), entry.toState(), entry.event(), entry.severity(), entry.message(),
                entry.conductor(), entry.eventType(), entry.kind(), entry.user(), entry.details());
    }
}
