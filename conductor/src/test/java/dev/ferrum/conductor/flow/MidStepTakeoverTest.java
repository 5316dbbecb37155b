package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.StepPlan;
import dev.ferrum.conductor.periodic.Recovery;
import dev.ferrum.conductor.periodic.Takeover;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A conductor killed while it holds a node's lock in the middle of its deploy steps (it took the agent's
 * heartbeat through an address all conductors share, so it is not the conductor that booted the ramdisk) does
 * not get the node failed: once its lock is broken the node waits for its ramdisk again, its ring owner boots it
 * and the interrupted step runs again on the new boot, once; the node reaches active.
 */
class MidStepTakeoverTest {
    private static final String MAC = "02:fc:00:00:00:41";
    private static final String DEAD = "dead-conductor";
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private final FakeAgent agent = flow.agent();
    private FlowFixture conductor;

    private List<NodeEvent> events(UUID node, String event) {
        return conductor.store.history().list(node).stream().filter(e -> e.event().equals(event)).toList();
    }

    /**
     * A node the dead conductor moved to "deploying" under its lock, mid write_image, then died holding; its lock
     * left alone for {@code idle}.
     */
    private Interrupted deployingUnderADeadConductorsLock(Duration idle) {
        conductor = flow.start(FlowConfig.defaults().withAutomatedClean(false));
        conductor.store.conductors().register(FlowFixture.CONDUCTOR, List.of("fake-hardware"), "");
        conductor.store.conductors().register(DEAD, List.of("fake-hardware"), "");
        // The dead conductor's last heartbeat comes before the agent's: only the forgotten token makes the owner
        // boot the node again rather than wait for that agent.
        conductor.store.conductors().heartbeat(DEAD);
        conductor.clock.advance(Duration.ofSeconds(1));
        UUID node = conductor.deployWaiting("mid-step", MAC);
        ObjectNode running = conductor.json.createObjectNode().put("phase", "streaming");
        agent.reportStepProgress(List.of(running, running.deepCopy()));
        String token = conductor.expect(200, conductor.get("/v1/lookup?addresses=" + MAC, "1.68"))
                .body().path("config").path("agent_token").asText();
        agent.token(token);
        conductor.heartbeat(agent, node, token);
        conductor.awaitNode(node, n -> agent.stepsRun("deploy.execute_deploy_step").contains("write_image"),
                "started write_image");
        // The dead conductor took the next heartbeat: it moved the node to "deploying" under its lock, then died.
        conductor.store.locks().withLock(node, DEAD, lock -> {
            Node n = conductor.store.nodes().get(node);
            return conductor.store.transition(lock, n.version(), n.provisionState(), ProvisionEvent.RESUME, b -> { });
        });
        conductor.store.locks().acquire(node, DEAD);
        conductor.clock.advance(idle);
        conductor.store.conductors().heartbeat(FlowFixture.CONDUCTOR);
        return new Interrupted(node, token);
    }

    /** A node whose deploy a dead conductor interrupted, and the token of the agent that was deploying it. */
    private record Interrupted(UUID node, String token) {
    }

    @Test
    void aNodeLockedMidStepsByADeadConductorIsResumedByItsOwnerNotFailed() {
        Interrupted interrupted = deployingUnderADeadConductorsLock(TIMEOUT.plusSeconds(30));
        UUID node = interrupted.node();
        String token = interrupted.token();
        Recovery recovery = new Recovery(conductor.store, FlowFixture.CONDUCTOR, TIMEOUT, conductor.clock);

        assertThat(recovery.takeOverDeadConductors()).as("nothing failed").isEmpty();

        Node waiting = conductor.store.nodes().get(node);
        assertThat(waiting.provisionState()).isEqualTo(ProvisionState.DEPLOY_WAIT);
        assertThat(waiting.reservation()).isEmpty();
        assertThat(waiting.lastError()).isEmpty();
        assertThat(waiting.conductorAffinity()).as("the conductor whose work died").contains(DEAD);
        assertThat(waiting.internal().agentToken()).as("the old agent's heartbeats no longer count").isEmpty();
        assertThat(waiting.internal().stepPlan().flatMap(StepPlan::current).orElseThrow().step().step())
                .as("the plan is where the dead conductor left it").isEqualTo("write_image");
        assertThat(events(node, "node.resumable")).singleElement().satisfies(e -> assertThat(e.message())
                .contains(DEAD).contains("\"deploying\"").contains("deploy.write_image").contains("wait call-back"));
        // A heartbeat the old agent sent while the dead conductor held the lock, with its old token: ignored.
        var refused = conductor.post("/v1/heartbeat/" + node, "{\"callback_url\":\"" + agent.url()
                + "\",\"agent_token\":\"" + token + "\",\"agent_version\":\"ferrum-test\"}", "1.68");
        assertThat(refused.status()).as(refused.raw()).isNotEqualTo(202);

        Takeover takeover = DeadConductor.takeoverBy(conductor, FlowFixture.CONDUCTOR);
        int powerCalls = conductor.power.calls().size();
        assertThat(takeover.takeOverOnce()).containsExactly(node);
        assertThat(conductor.power.calls().subList(powerCalls, conductor.power.calls().size()))
                .as("booted into the ramdisk again, though the agent heartbeated recently").containsExactly(node
                        + " reboot");
        assertThat(conductor.store.nodes().get(node).internal().agentCachedDeploySteps())
                .as("the steps the agent listed, whose hardware manager versions the next step carries").isPresent();
        assertThat(events(node, "node.takeover")).singleElement().satisfies(e -> {
            assertThat(e.conductor()).contains(FlowFixture.CONDUCTOR);
            assertThat(e.message()).contains(DEAD).contains("deploy.write_image");
        });

        agent.restart();
        conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);
        assertThat(agent.stepsRun("deploy.execute_deploy_step").stream().filter("write_image"::equals).count())
                .as("once on each boot").isEqualTo(2);
        assertThat(events(node, "node.takeover")).hasSize(1);
        assertThat(conductor.store.nodes().get(node).lastError()).isEmpty();
    }

    @Test
    void anotherConductorsOrphanSweepLeavesANodeWhoseLockIsBeingTakenOverAlone() {
        // Long enough since it entered "deploying" that, free, it would look orphaned to any conductor's sweep.
        UUID node = deployingUnderADeadConductorsLock(TIMEOUT.multipliedBy(3)).node();
        String peer = "peer-conductor";
        conductor.store.conductors().register(peer, List.of("fake-hardware"), "");
        // This conductor has taken the dead one's lock and not yet resumed the node when the peer's sweep runs.
        var taken = conductor.store.locks().takeOverLocksOfDeadConductors(FlowFixture.CONDUCTOR, TIMEOUT);
        assertThat(taken).singleElement().satisfies(lock -> assertThat(lock.holder()).isEqualTo(DEAD));

        assertThat(new Recovery(conductor.store, peer, TIMEOUT, conductor.clock).takeOverDeadConductors())
                .as("the peer failed nothing").isEmpty();
        Node held = conductor.store.nodes().get(node);
        assertThat(held.provisionState()).isEqualTo(ProvisionState.DEPLOYING);
        assertThat(held.reservation()).contains(FlowFixture.CONDUCTOR);
        assertThat(held.lastError()).isEmpty();
    }
}
