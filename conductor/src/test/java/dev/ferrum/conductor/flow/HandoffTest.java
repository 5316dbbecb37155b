package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.agent.AgentClient;
import dev.ferrum.conductor.agent.AgentClientConfig;
import dev.ferrum.conductor.api.actions.ProvisionRequest;
import dev.ferrum.conductor.cluster.Handoff;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.periodic.HandoffPoller;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Two conductors on one store: a provision action taken by the one that does not own the node makes its
 * first transition there (so the API answers at once), and the rest runs on the owner only; a power
 * request sets {@code target_power_state} there and the owner alone talks to the BMC.
 */
class HandoffTest {
    private static final String RECEIVER = "conductor-a";
    private static final String OWNER = "conductor-b";

    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture fixture;
    private ConductorFlows receiver;
    private ConductorFlows owner;

    @AfterEach
    void close() {
        receiver.close();
        owner.close();
    }

    private ConductorFlows conductor(String name, boolean ownsEverything) {
        return new ConductorFlows(fixture.store, fixture.drivers, new AgentClient(new AgentClientConfig(
                Duration.ofSeconds(2), Duration.ofSeconds(10))), FlowConfig.defaults(), name, fixture.clock,
                node -> ownsEverything);
    }

    @Test
    void anActionTakenByANonOwnerRunsOnTheOwner() throws InterruptedException {
        fixture = flow.start(FlowConfig.defaults());
        receiver = conductor(RECEIVER, false);
        owner = conductor(OWNER, true);
        UUID node = fixture.createNode("handed", "52:54:00:0c:00:01", "");

        receiver.provision(fixture.store.nodes().get(node), ProvisionRequest.of(ProvisionEvent.MANAGE));

        assertThat(fixture.store.nodes().get(node).provisionState()).as("the first transition, for the API's answer")
                .isEqualTo(ProvisionState.VERIFYING);
        List<Handoff> left = fixture.store.handoffs().list();
        assertThat(left).singleElement().satisfies(h -> {
            assertThat(h.node()).isEqualTo(node);
            assertThat(h.work()).isEqualTo(Handoff.Work.ADVANCE);
            assertThat(h.requestedBy()).isEqualTo(RECEIVER);
        });
        Thread.sleep(300);
        assertThat(fixture.store.nodes().get(node).provisionState()).as("the receiver does not run it")
                .isEqualTo(ProvisionState.VERIFYING);

        HandoffPoller onReceiver = new HandoffPoller(fixture.store, n -> false, receiver::continueHandedOff);
        HandoffPoller onOwner = new HandoffPoller(fixture.store, n -> true, owner::continueHandedOff);
        assertThat(onReceiver.pollOnce()).as("not the receiver's to take").isZero();
        assertThat(onOwner.pollOnce()).isEqualTo(1);
        assertThat(onOwner.pollOnce()).as("taken once").isZero();
        assertThat(fixture.store.handoffs().list()).isEmpty();

        fixture.await(node, ProvisionState.MANAGEABLE);
        List<NodeEvent> history = fixture.store.history().list(node);
        assertThat(history).anySatisfy(e -> {
            assertThat(e.event()).isEqualTo("handoff");
            assertThat(e.conductor()).contains(OWNER);
            assertThat(e.message()).contains(RECEIVER);
        });
        assertThat(history).filteredOn(e -> e.toState() == ProvisionState.MANAGEABLE).singleElement()
                .extracting(NodeEvent::conductor).isEqualTo(Optional.of(OWNER));
        assertThat(history).filteredOn(e -> e.event().equals("manage")).singleElement()
                .extracting(NodeEvent::conductor).isEqualTo(Optional.of(RECEIVER));
    }

    @Test
    void theOwnerRecordsTheHandedOffWorkAsTheUserWhoAsked() {
        fixture = flow.start(FlowConfig.defaults());
        receiver = conductor(RECEIVER, false);
        owner = conductor(OWNER, true);
        UUID node = fixture.createNode("asked", "52:54:00:0c:00:03", "");

        dev.ferrum.conductor.history.RequestUser.run(Optional.of("alice"), () -> receiver.provision(
                fixture.store.nodes().get(node), ProvisionRequest.of(ProvisionEvent.MANAGE)));
        assertThat(fixture.store.handoffs().list()).singleElement()
                .satisfies(h -> assertThat(h.user()).contains("alice"));
        new HandoffPoller(fixture.store, n -> true, owner::continueHandedOff).pollOnce();

        fixture.await(node, ProvisionState.MANAGEABLE);
        List<NodeEvent> history = fixture.store.history().list(node);
        assertThat(history).filteredOn(e -> e.toState() == ProvisionState.MANAGEABLE).singleElement()
                .satisfies(e -> {
                    assertThat(e.conductor()).contains(OWNER);
                    assertThat(e.user()).contains("alice");
                });
        assertThat(history).filteredOn(e -> e.event().equals("handoff")).singleElement()
                .satisfies(e -> assertThat(e.user()).contains("alice"));
    }

    @Test
    void theOwnerItselfRunsTheActionWithoutAHandoff() {
        fixture = flow.start(FlowConfig.defaults());
        receiver = conductor(RECEIVER, false);
        owner = conductor(OWNER, true);
        UUID node = fixture.createNode("local", "52:54:00:0c:00:02", "");

        owner.provision(fixture.store.nodes().get(node), ProvisionRequest.of(ProvisionEvent.MANAGE));

        fixture.await(node, ProvisionState.MANAGEABLE);
        assertThat(fixture.store.handoffs().list()).isEmpty();
        assertThat(fixture.store.history().list(node)).noneMatch(e -> e.event().equals("handoff"));
    }

    @Test
    void aPowerRequestTakenByANonOwnerIsMarkedThereAndDoneByTheOwner() {
        fixture = flow.start(FlowConfig.defaults());
        receiver = conductor(RECEIVER, false);
        owner = conductor(OWNER, true);
        UUID node = fixture.createNode("powered", "52:54:00:0c:00:03", "");
        fixture.store.handoffs().put(new Handoff(node, Handoff.Work.ADVANCE, false, RECEIVER,
                fixture.clock.instant()));

        receiver.setPower(fixture.store.nodes().get(node), PowerState.REBOOTING, Optional.empty());

        Node requested = fixture.store.nodes().get(node);
        assertThat(requested.targetPowerState()).as("set at once, as Ironic does before the action")
                .contains(PowerState.POWER_ON);
        assertThat(requested.powerState()).as("not yet acted on").isNotEqualTo(Optional.of(PowerState.POWER_ON));
        assertThat(fixture.power.calls()).as("the receiver never talks to the BMC").isEmpty();
        assertThat(fixture.store.handoffs().list()).as("beside the pending provision work, not instead of it")
                .extracting(Handoff::work).containsExactly(Handoff.Work.ADVANCE, Handoff.Work.POWER);

        assertThat(new HandoffPoller(fixture.store, n -> false, receiver::continueHandedOff).pollOnce()).isZero();
        assertThat(new HandoffPoller(fixture.store, n -> true, owner::continueHandedOff).pollOnce()).isEqualTo(2);
        fixture.awaitNode(node, n -> n.targetPowerState().isEmpty(), "the power request done");

        assertThat(fixture.power.calls()).containsExactly(node + " reboot");
        assertThat(fixture.store.nodes().get(node).powerState()).contains(PowerState.POWER_ON);
        assertThat(fixture.store.history().list(node)).filteredOn(e -> e.kind().equals("power.action"))
                .singleElement().satisfies(e -> {
                    assertThat(e.conductor()).as("the owner ran it").contains(OWNER);
                    assertThat(e.details().get("target").asText()).isEqualTo("rebooting");
                });
    }

    @Test
    void workThatCannotLockItsNodeGoesBackToTheStoreForTheNextPoll() {
        // Few, quick lock retries: the owner gives up while the node stays locked.
        FlowConfig impatient = new FlowConfig(Duration.ofMinutes(30), Duration.ofMinutes(30), Duration.ofMinutes(60),
                true, java.util.Map.of(), Duration.ofMillis(10), 3);
        fixture = flow.start(impatient);
        receiver = conductor(RECEIVER, false);
        owner = new ConductorFlows(fixture.store, fixture.drivers, new AgentClient(new AgentClientConfig(
                Duration.ofSeconds(2), Duration.ofSeconds(10))), impatient, OWNER, fixture.clock, n -> true);
        UUID node = fixture.createNode("busy", "52:54:00:0c:00:04", "");
        receiver.setPower(fixture.store.nodes().get(node), PowerState.POWER_ON, Optional.empty());
        Handoff asked = fixture.store.handoffs().list().getFirst();
        var lock = fixture.store.locks().acquire(node, "a-long-task");

        assertThat(new HandoffPoller(fixture.store, n -> true, owner::continueHandedOff).pollOnce()).isEqualTo(1);
        // The node is still locked here, so wait on the store's handoffs, not for an unlocked node.
        java.time.Instant until = java.time.Instant.now().plusSeconds(20);
        while (fixture.store.handoffs().list().isEmpty() && java.time.Instant.now().isBefore(until)) {
            FlowFixture.sleep(20);
        }
        assertThat(fixture.store.handoffs().list()).as("the same request, for the next poll").containsExactly(asked);
        assertThat(fixture.power.calls()).isEmpty();

        fixture.store.locks().release(lock);
        assertThat(new HandoffPoller(fixture.store, n -> true, owner::continueHandedOff).pollOnce()).isEqualTo(1);
        fixture.awaitNode(node, n -> n.targetPowerState().isEmpty(), "the power request done");
        assertThat(fixture.power.calls()).containsExactly(node + " on");
    }
}
