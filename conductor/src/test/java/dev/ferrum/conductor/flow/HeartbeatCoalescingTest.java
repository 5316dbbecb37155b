package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeInterfaces;
import dev.ferrum.conductor.ramdisk.AgentHeartbeat;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.NodeLock;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Heartbeats that pile up while their node is locked (the fleet benchmark's saturation run found them
 * recorded out of order, an older callback URL overwriting a newer one, with one queued task each).
 */
class HeartbeatCoalescingTest {
    private static final int BEATS = 20;

    @TempDir
    Path temp;

    private FlowFixture conductor;

    @AfterEach
    void close() {
        conductor.close();
    }

    @Test
    void heartbeatsQueuedBehindALockedNodeAreRecordedOnceAndTheNewestWins() {
        // Retry the lock quickly so the test does not wait on the default half second.
        conductor = new FlowFixture(temp, new FlowConfig(Duration.ofMinutes(30), Duration.ofMinutes(30),
                Duration.ofMinutes(60), true, Map.of(), Duration.ofMillis(10), 3000));
        UUID uuid = UUID.randomUUID();
        conductor.store.nodes().create(Node.builder(uuid, "fake-hardware", Instant.now())
                .interfaces(NodeInterfaces.allOf("fake")).provisionState(ProvisionState.INSPECT_WAIT).build());
        Instant first = Instant.now().truncatedTo(ChronoUnit.MICROS);
        List<AgentHeartbeat> beats = new ArrayList<>();
        for (int i = 0; i < BEATS; i++) {
            beats.add(new AgentHeartbeat(uuid, URI.create("http://10.0.0." + (i + 1) + ":9999"), "9.4.3",
                    first.plusMillis(i)));
        }
        // Requests finish in any order: deliver them shuffled, the newest neither first nor last.
        Collections.shuffle(beats, new Random(7));
        AgentHeartbeat newest = beats.stream().max((a, b) -> a.receivedAt().compareTo(b.receivedAt())).orElseThrow();

        NodeLock held = conductor.store.locks().acquire(uuid, "another-task");
        beats.forEach(conductor.flows::heartbeat);
        long before = conductor.store.nodes().get(uuid).version();
        conductor.store.locks().release(held);

        Node recorded = awaitHeartbeat(uuid, newest.receivedAt());
        assertThat(recorded.internal().agentUrl()).contains(newest.callbackUrl());
        assertThat(recorded.internal().waitDeadline()).isPresent();

        // One more heartbeat, once the queue has drained, is the second and last write: the twenty were one.
        Instant later = newest.receivedAt().plusSeconds(1);
        conductor.flows.heartbeat(new AgentHeartbeat(uuid, URI.create("http://10.0.1.1:9999"), "9.4.3", later));
        Node after = awaitHeartbeat(uuid, later);
        assertThat(after.version()).isEqualTo(before + 2);
        assertThat(after.internal().agentUrl()).contains(URI.create("http://10.0.1.1:9999"));
    }

    private Node awaitHeartbeat(UUID uuid, Instant at) {
        Instant until = Instant.now().plusSeconds(20);
        while (Instant.now().isBefore(until)) {
            Node node = conductor.store.nodes().get(uuid);
            if (node.internal().agentLastHeartbeat().filter(at::equals).isPresent() && node.reservation().isEmpty()) {
                return node;
            }
            sleep();
        }
        throw new AssertionError("heartbeat at " + at + " not recorded; the node has "
                + conductor.store.nodes().get(uuid).internal().agentLastHeartbeat());
    }

    private static void sleep() {
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
