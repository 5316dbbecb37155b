package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.node.AgentToken;
import dev.ferrum.conductor.node.InternalState;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeInterfaces;
import dev.ferrum.conductor.ramdisk.AgentHeartbeat;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.AgentBeat;
import dev.ferrum.conductor.store.NodeLock;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The heartbeat write path (issue 16): a heartbeat is in the store when {@code heartbeat} returns (so when the
 * API answers 202), recorded without loading the node's row; one that needs the node's lock is kept in the
 * store before the return, so a conductor that dies before recording it leaves it for the next one.
 */
class HeartbeatWritePathTest {
    private static final URI FIRST_URL = URI.create("http://10.0.0.1:9999");
    @TempDir
    Path temp;
    private final List<FlowFixture> opened = new ArrayList<>();

    @AfterEach
    void close() {
        opened.forEach(FlowFixture::close);
    }

    private FlowFixture conductor() {
        // Lock retries short and few, so a task left behind a held lock gives up within the test.
        FlowFixture fixture = new FlowFixture(temp, new FlowConfig(Duration.ofMinutes(30), Duration.ofMinutes(30),
                Duration.ofMinutes(60), true, Map.of(), Duration.ofMillis(10), 20));
        opened.add(fixture);
        return fixture;
    }

    private static UUID heartbeatingNode(FlowFixture conductor, ProvisionState state) {
        UUID uuid = UUID.randomUUID();
        conductor.store.nodes().create(Node.builder(uuid, "fake-hardware", Instant.now())
                .interfaces(NodeInterfaces.allOf("fake")).provisionState(state)
                .internal(InternalState.empty().withHeartbeat(FIRST_URL, "9.4.3", Instant.EPOCH)).build());
        return uuid;
    }

    private static AgentHeartbeat beat(UUID node, int host) {
        return new AgentHeartbeat(node, URI.create("http://10.0.1." + host + ":9999"), "9.4.3",
                Instant.now().truncatedTo(ChronoUnit.MICROS));
    }

    @Test
    void concurrentHeartbeatsAreAllInTheStoreOnReturnWithoutLoadingANodeRow() throws Exception {
        FlowFixture conductor = conductor();
        List<UUID> nodes = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            nodes.add(heartbeatingNode(conductor, i % 2 == 0 ? ProvisionState.INSPECT_WAIT : ProvisionState.ACTIVE));
        }
        AtomicInteger loads = new AtomicInteger();
        conductor.store.addNodeLoadListener((node, inWrite) -> loads.incrementAndGet());
        Instant before = conductor.clock.instant();

        List<Future<AgentHeartbeat>> sent = new ArrayList<>();
        try (ExecutorService agents = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < nodes.size(); i++) {
                AgentHeartbeat beat = beat(nodes.get(i), i + 1);
                sent.add(agents.submit(() -> {
                    conductor.flows.heartbeat(beat);
                    return beat;
                }));
            }
            for (Future<AgentHeartbeat> each : sent) {
                each.get();
            }
        }

        assertThat(loads).as("node rows loaded by the heartbeats").hasValue(0);
        for (Future<AgentHeartbeat> each : sent) {
            AgentHeartbeat beat = each.get();
            Node node = conductor.store.nodes().get(beat.node());
            assertThat(node.internal().agentUrl()).contains(beat.callbackUrl());
            assertThat(node.internal().agentLastHeartbeat()).contains(beat.receivedAt());
            assertThat(node.reservation()).isEmpty();
            if (node.provisionState() == ProvisionState.INSPECT_WAIT) {
                assertThat(node.internal().waitDeadline()).hasValueSatisfying(
                        deadline -> assertThat(deadline).isAfter(before.plus(Duration.ofMinutes(29))));
            } else {
                assertThat(node.internal().waitDeadline()).isEmpty();
            }
        }
        assertThat(conductor.store.heartbeats().kept()).isEmpty();
    }

    @Test
    void aHeartbeatAcceptedForALockedNodeSurvivesTheConductorAndIsReplayedByTheNext() {
        FlowFixture first = conductor();
        UUID node = heartbeatingNode(first, ProvisionState.INSPECT_WAIT);
        first.store.locks().acquire(node, "busy-conductor");
        AgentHeartbeat beat = beat(node, 7);

        first.flows.heartbeat(beat);
        // Accepted while locked: not on the node yet, but durably kept before the call returned.
        assertThat(first.store.nodes().get(node).internal().agentUrl()).contains(FIRST_URL);
        assertThat(first.store.heartbeats().kept()).containsExactly(new AgentBeat(node, beat.callbackUrl(),
                beat.agentVersion(), beat.receivedAt(), beat.agentVerifyCa()));
        // The conductor stops (its queued task abandoned); the busy one's lock is broken later.
        opened.remove(first);
        first.close();

        FlowFixture next = conductor();
        assertThat(next.store.locks().releaseAllHeldBy("busy-conductor")).isEqualTo(1);
        assertThat(next.flows.replayKeptHeartbeats()).isEqualTo(1);
        Instant until = Instant.now().plusSeconds(20);
        while (next.store.nodes().get(node).internal().agentUrl().filter(beat.callbackUrl()::equals).isEmpty()
                && Instant.now().isBefore(until)) {
            FlowFixture.sleep(10);
        }
        assertThat(next.store.nodes().get(node).internal().agentLastHeartbeat()).contains(beat.receivedAt());
        // Recorded under the lock, it is no longer kept.
        until = Instant.now().plusSeconds(5);
        while (!next.store.heartbeats().kept().isEmpty() && Instant.now().isBefore(until)) {
            FlowFixture.sleep(10);
        }
        assertThat(next.store.heartbeats().kept()).isEmpty();
    }

    @Test
    void aHeartbeatWaitingForTheLockIsDroppedWhenItsAgentWasForgottenMeanwhile() {
        // Patient lock retries: the recording task must outlast the lock held below, not give up.
        FlowFixture conductor = new FlowFixture(temp, new FlowConfig(Duration.ofMinutes(30), Duration.ofMinutes(30),
                Duration.ofMinutes(60), true, Map.of(), Duration.ofMillis(50), 400));
        opened.add(conductor);
        UUID node = heartbeatingNode(conductor, ProvisionState.CLEAN_WAIT);
        AgentToken oldAgents = new AgentToken("token-of-the-ramdisk-before-the-reboot", false);
        NodeLock lock = conductor.store.locks().acquire(node, "rebooting-conductor");
        Node withToken = conductor.store.nodes().update(lock, conductor.store.nodes().get(node).version(),
                b -> b.editInternal(s -> s.withAgentToken(oldAgents)));
        AgentHeartbeat beat = new AgentHeartbeat(node, URI.create("http://10.0.1.9:9999"), "9.4.3",
                Instant.now().truncatedTo(ChronoUnit.MICROS), Optional.empty(), Optional.of(oldAgents));

        conductor.flows.heartbeat(beat);
        assertThat(conductor.store.heartbeats().kept()).as("accepted while locked: kept for the lock").hasSize(1);
        // Under the lock the heartbeat waits for, the ramdisk reboots after a step: its agent is forgotten.
        conductor.store.nodes().update(lock, withToken.version(), b -> b.editInternal(InternalState::withoutAgent));
        conductor.store.locks().release(lock);

        Instant until = Instant.now().plusSeconds(20);
        while (!conductor.store.heartbeats().kept().isEmpty() && Instant.now().isBefore(until)) {
            FlowFixture.sleep(10);
        }
        assertThat(conductor.store.heartbeats().kept()).as("handled, not left kept").isEmpty();
        Node after = conductor.store.nodes().get(node);
        assertThat(after.internal().agentUrl()).as("the old agent's URL is not recorded for the new ramdisk").isEmpty();
        assertThat(after.internal().agentLastHeartbeat()).isNotEqualTo(Optional.of(beat.receivedAt()));
        assertThat(after.provisionState()).isEqualTo(ProvisionState.CLEAN_WAIT);
    }
}
