package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.conductor.cluster.ConductorRing;
import dev.ferrum.conductor.cluster.HashRing;
import dev.ferrum.conductor.cluster.RingOwnership;
import dev.ferrum.conductor.driver.DriverException;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.StepPlan;
import dev.ferrum.conductor.periodic.Sweeper;
import dev.ferrum.conductor.periodic.Takeover;
import dev.ferrum.conductor.state.ProvisionState;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A conductor that dies while its nodes wait on their ramdisk does not leave them silent until their deadline:
 * the ring owner boots them into the ramdisk again and the flow goes on from the interrupted step, recorded in
 * the node's history; only the owner does it, once.
 */
class TakeoverTest {
    private static final String MAC = "02:fc:00:00:00:31";
    private static final String DEAD = "dead-conductor";
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private final FakeAgent agent = flow.agent();
    private FlowFixture conductor;

    private Takeover takeoverBy(String name) {
        return DeadConductor.takeoverBy(conductor, name);
    }

    private UUID deployWaiting() {
        conductor = flow.start(FlowConfig.defaults().withAutomatedClean(false));
        conductor.store.conductors().register(FlowFixture.CONDUCTOR, List.of("fake-hardware"), "");
        conductor.store.conductors().register(DEAD, List.of("fake-hardware"), "");
        UUID node = conductor.deployWaiting("taken-over", MAC);
        Node waiting = conductor.store.nodes().get(node);
        assertThat(waiting.conductorAffinity()).as("the conductor whose URL the ramdisk calls")
                .contains(FlowFixture.CONDUCTOR);
        return node;
    }

    /**
     * Plays the node having been booted by {@link #DEAD}, which heartbeats once more (after the agent's last
     * heartbeat, which went to it) and then stops.
     */
    private void bootedByDeadConductor(UUID node) {
        conductor.store.locks().withLock(node, DEAD, lock -> conductor.store.nodes().update(lock,
                conductor.store.nodes().get(node).version(), b -> b.conductorAffinity(DEAD)));
        conductor.clock.advance(Duration.ofSeconds(1));
        conductor.store.conductors().heartbeat(DEAD);
        conductor.clock.advance(TIMEOUT.plusSeconds(30));
        conductor.store.conductors().heartbeat(FlowFixture.CONDUCTOR);
    }

    private List<NodeEvent> takeovers(UUID node) {
        return conductor.store.history().list(node).stream().filter(e -> e.event().equals("node.takeover")).toList();
    }

    @Test
    void aNodeInterruptedMidStepIsBootedAgainAndRunsThatStepAgainToActive() {
        UUID node = deployWaiting();
        ObjectNode running = conductor.json.createObjectNode().put("phase", "streaming").put("bytes_written", 1)
                .put("total_bytes", 4);
        agent.reportStepProgress(List.of(running, running.deepCopy()));
        String token = conductor.expect(200, conductor.get("/v1/lookup?addresses=" + MAC, "1.68"))
                .body().path("config").path("agent_token").asText();
        agent.token(token);
        conductor.heartbeat(agent, node, token);
        conductor.awaitNode(node, n -> agent.stepsRun("deploy.execute_deploy_step").contains("write_image"),
                "started write_image");
        Node midStep = conductor.store.nodes().get(node);
        String interrupted = midStep.internal().stepPlan().flatMap(StepPlan::current).orElseThrow().step().step();
        assertThat(interrupted).isEqualTo("write_image");
        Takeover takeover = takeoverBy(FlowFixture.CONDUCTOR);
        assertThat(takeover.takeOverOnce()).as("its own conductor is alive: nothing to take over").isEmpty();

        bootedByDeadConductor(node);
        int reboots = conductor.power.calls().size();
        assertThat(takeover.takeOverOnce()).containsExactly(node);

        Node redriven = conductor.store.nodes().get(node);
        assertThat(redriven.provisionState()).isEqualTo(ProvisionState.DEPLOY_WAIT);
        assertThat(redriven.reservation()).isEmpty();
        assertThat(redriven.conductorAffinity()).contains(FlowFixture.CONDUCTOR);
        assertThat(redriven.internal().agentToken()).as("the new ramdisk looks up afresh").isEmpty();
        assertThat(redriven.internal().waitDeadline()).as("a fresh deadline").hasValueSatisfying(deadline ->
                assertThat(deadline).isAfter(conductor.clock.instant().plus(FlowConfig.defaults().deployWaitTimeout())
                        .minusSeconds(10)));
        assertThat(conductor.power.calls().subList(reboots, conductor.power.calls().size()))
                .containsExactly(node + " reboot");
        assertThat(conductor.boot.calls()).last().isEqualTo(node + " ramdisk DEPLOY");
        assertThat(takeovers(node)).singleElement().satisfies(event -> {
            assertThat(event.conductor()).contains(FlowFixture.CONDUCTOR);
            assertThat(event.message()).contains(DEAD).contains("deploy.write_image").contains("power-cycled");
        });
        assertThat(takeover.takeOverOnce()).as("taken over once").isEmpty();

        agent.restart();
        conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);
        List<String> steps = agent.stepsRun("deploy.execute_deploy_step");
        assertThat(steps.stream().filter("write_image"::equals).count()).as("the interrupted step ran again").isEqualTo(2);
        assertThat(steps.stream().filter(s -> !s.equals("write_image")).distinct().count())
                .as("the other agent steps ran once each")
                .isEqualTo(steps.stream().filter(s -> !s.equals("write_image")).count());
        assertThat(takeovers(node)).hasSize(1);
    }

    @Test
    void aNodeWaitingForItsFirstHeartbeatStartsItsStepsWithTheNewAgent() {
        UUID node = deployWaiting();
        bootedByDeadConductor(node);
        assertThat(takeoverBy(FlowFixture.CONDUCTOR).takeOverOnce()).containsExactly(node);
        assertThat(takeovers(node)).singleElement().satisfies(event ->
                assertThat(event.message()).contains("Its steps start when the new agent heartbeats"));
        conductor.runAgent(agent, MAC, node, ProvisionState.ACTIVE);
        assertThat(agent.stepsRun("deploy.execute_deploy_step")).contains("write_image");
    }

    @Test
    void aNodeWhoseAgentStillReachesALiveConductorIsNotBootedAgain() {
        UUID node = deployWaiting();
        String token = conductor.expect(200, conductor.get("/v1/lookup?addresses=" + MAC, "1.68"))
                .body().path("config").path("agent_token").asText();
        agent.token(token);
        agent.reportStepProgress(List.of(conductor.json.createObjectNode().put("phase", "streaming")));
        bootedByDeadConductor(node);
        // After the dead conductor's last heartbeat: the agent calls an address a live conductor answers.
        conductor.heartbeat(agent, node, token);
        conductor.awaitNode(node, n -> agent.stepsRun("deploy.execute_deploy_step").contains("write_image"),
                "started write_image");
        int powerCalls = conductor.power.calls().size();

        assertThat(takeoverBy(FlowFixture.CONDUCTOR).takeOverOnce()).containsExactly(node);

        assertThat(conductor.power.calls()).as("not power-cycled").hasSize(powerCalls);
        Node adopted = conductor.store.nodes().get(node);
        assertThat(adopted.conductorAffinity()).contains(FlowFixture.CONDUCTOR);
        assertThat(adopted.internal().agentToken()).as("the running agent keeps its token").isPresent();
        assertThat(takeovers(node)).singleElement().satisfies(e ->
                assertThat(e.message()).contains("without booting the node again"));
        // The agent heartbeats while the node still holds its token: the deploy's end withdraws the token before
        // the node reaches active, and a heartbeat in between is rightly refused.
        for (int beat = 0; beat < 50 && conductor.store.nodes().get(node).provisionState() != ProvisionState.ACTIVE
                && conductor.store.nodes().get(node).internal().agentToken().isPresent(); beat++) {
            var reply = conductor.post("/v1/heartbeat/" + node, "{\"callback_url\":\"" + agent.url()
                    + "\",\"agent_token\":\"" + token + "\",\"agent_version\":\"ferrum-test\"}", "1.68");
            assertThat(reply.status() == 202 || conductor.store.nodes().get(node).internal().agentToken().isEmpty())
                    .as("heartbeat accepted while the node holds the agent's token: " + reply.raw()).isTrue();
            FlowFixture.sleep(150);
        }
        conductor.await(node, ProvisionState.ACTIVE);
        assertThat(agent.stepsRun("deploy.execute_deploy_step").stream().filter("write_image"::equals).count())
                .isEqualTo(1);
    }

    @Test
    void onlyTheRingOwnerTakesANodeOver() {
        UUID node = deployWaiting();
        conductor.store.conductors().register("peer", List.of("fake-hardware"), "");
        bootedByDeadConductor(node);
        conductor.store.conductors().heartbeat("peer");
        ConductorRing ring = new ConductorRing(conductor.store.conductors()::list, conductor.clock, TIMEOUT,
                HashRing.DEFAULT_PARTITION_EXPONENT);
        String owner = ring.ownerOf(conductor.store.nodes().get(node)).orElseThrow();
        String other = owner.equals("peer") ? FlowFixture.CONDUCTOR : "peer";

        assertThat(takeoverBy(other).takeOverOnce()).isEmpty();
        assertThat(takeoverBy(owner).takeOverOnce()).containsExactly(node);
        assertThat(takeoverBy(other).takeOverOnce()).isEmpty();
        assertThat(conductor.store.nodes().get(node).conductorAffinity()).contains(owner);
        assertThat(takeovers(node)).singleElement().satisfies(e -> assertThat(e.conductor()).contains(owner));
    }

    @Test
    void theSweeperOnlySweepsTheNodesItsConductorOwns() {
        UUID node = deployWaiting();
        conductor.store.conductors().register("peer", List.of("fake-hardware"), "");
        conductor.clock.advance(Duration.ofMinutes(31));
        conductor.store.conductors().heartbeat(FlowFixture.CONDUCTOR);
        conductor.store.conductors().heartbeat("peer");
        ConductorRing ring = new ConductorRing(conductor.store.conductors()::list, conductor.clock, TIMEOUT,
                HashRing.DEFAULT_PARTITION_EXPONENT);
        String owner = ring.ownerOf(conductor.store.nodes().get(node)).orElseThrow();
        String other = owner.equals("peer") ? FlowFixture.CONDUCTOR : "peer";
        Sweeper notOwner = new Sweeper(conductor.store, other, conductor.clock, FlowConfig.defaults(),
                new RingOwnership(other, ring, conductor.store.nodes()::find)::owns);
        Sweeper byOwner = new Sweeper(conductor.store, owner, conductor.clock, FlowConfig.defaults(),
                new RingOwnership(owner, ring, conductor.store.nodes()::find)::owns);

        assertThat(notOwner.sweepOnce()).isEmpty();
        assertThat(byOwner.sweepOnce()).containsExactly(node);
        assertThat(conductor.store.nodes().get(node).provisionState()).isEqualTo(ProvisionState.DEPLOY_FAILED);
        notOwner.close();
        byOwner.close();
    }

    @Test
    void aNodeItsOwnerCannotBootAgainFailsSayingItWasTakenOver() {
        UUID node = deployWaiting();
        bootedByDeadConductor(node);
        conductor.power.beforeReboot(n -> {
            throw new DriverException("BMC 10.0.0.9 refused the reboot.");
        });

        assertThat(takeoverBy(FlowFixture.CONDUCTOR).takeOverOnce()).containsExactly(node);

        Node failed = conductor.store.nodes().get(node);
        assertThat(failed.provisionState()).isEqualTo(ProvisionState.DEPLOY_FAILED);
        assertThat(failed.reservation()).isEmpty();
        assertThat(failed.lastError()).hasValueSatisfying(error -> assertThat(error).contains(DEAD)
                .contains("took it over").contains("refused the reboot").contains("wait call-back"));
        assertThat(takeovers(node)).singleElement().satisfies(e ->
                assertThat(e.severity()).isEqualTo(NodeEvent.Severity.ERROR));
    }
}
