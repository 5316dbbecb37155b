package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.AgentToken;
import dev.ferrum.conductor.node.InternalState;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeInterfaces;
import dev.ferrum.conductor.state.ProvisionState;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dead conductor's waiting nodes whose agents outlived it (they heartbeat a live conductor through a shared
 * address) are taken over by moving their affinity alone, in pages without the nodes' locks (issue 13): each gets
 * its one takeover entry, none is booted again, and a node somebody holds is left for a later pass.
 */
class AffinityTakeoverTest {
    private static final int NODES = 7;
    @TempDir
    Path temp;
    private FlowFixture conductor;

    @AfterEach
    void stop() {
        conductor.close();
    }

    private UUID waitingWithLiveAgent(int i) {
        UUID uuid = UUID.randomUUID();
        conductor.store.nodes().create(Node.builder(uuid, "fake-hardware", conductor.clock.instant())
                .name("outlived-" + i).interfaces(NodeInterfaces.allOf("fake"))
                .provisionState(ProvisionState.INSPECT_WAIT).conductorAffinity(DeadConductor.NAME)
                .internal(InternalState.empty().withAgentToken(new AgentToken("token-" + i, false))
                        .withHeartbeat(URI.create("http://10.0.4." + i + ":9999"), "9.4.3", conductor.clock.instant()))
                .build());
        return uuid;
    }

    @Test
    void nodesWhoseAgentsOutlivedTheirConductorMoveWithoutLocksOrReboots() {
        conductor = new FlowFixture(temp, FlowConfig.defaults());
        DeadConductor dead = new DeadConductor(conductor);
        // The agents heartbeat after the dead conductor's last heartbeat.
        conductor.clock.advance(java.time.Duration.ofSeconds(1));
        List<UUID> nodes = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            nodes.add(waitingWithLiveAgent(i));
        }
        UUID held = waitingWithLiveAgent(NODES);
        var lock = conductor.store.locks().acquire(held, "busy-conductor");
        dead.staysSilent();
        int powerCalls = conductor.power.calls().size();
        AtomicInteger rowsLoadedToWrite = new AtomicInteger();
        conductor.store.addNodeLoadListener((node, inWrite) -> {
            if (inWrite) {
                rowsLoadedToWrite.incrementAndGet();
            }
        });

        List<UUID> handled = dead.takeover().takeOverOnce();

        assertThat(handled).containsExactlyInAnyOrderElementsOf(nodes);
        assertThat(rowsLoadedToWrite).as("no node row read for a locked write").hasValue(0);
        assertThat(conductor.power.calls()).as("none booted again").hasSize(powerCalls);
        for (UUID node : nodes) {
            Node taken = conductor.store.nodes().get(node);
            assertThat(taken.conductorAffinity()).contains(FlowFixture.CONDUCTOR);
            assertThat(taken.reservation()).isEmpty();
            assertThat(taken.internal().agentToken()).as("the running agent keeps its token").isPresent();
            assertThat(dead.events(node, "node.takeover")).singleElement().satisfies(entry -> {
                assertThat(entry.message()).contains("without booting the node again").contains(DeadConductor.NAME);
                assertThat(entry.conductor()).contains(FlowFixture.CONDUCTOR);
                assertThat(entry.fromState()).isEqualTo(ProvisionState.INSPECT_WAIT);
                assertThat(entry.severity()).isEqualTo(NodeEvent.Severity.INFO);
            });
        }
        assertThat(conductor.store.nodes().get(held).conductorAffinity()).as("somebody holds it")
                .contains(DeadConductor.NAME);

        conductor.store.locks().release(lock);
        assertThat(dead.takeover().takeOverOnce()).as("the held one on a later pass, the rest once")
                .containsExactly(held);
        assertThat(dead.events(held, "node.takeover")).hasSize(1);
    }
}
