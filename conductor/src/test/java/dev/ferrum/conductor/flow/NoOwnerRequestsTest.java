package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.ferrum.conductor.agent.AgentClient;
import dev.ferrum.conductor.agent.AgentClientConfig;
import dev.ferrum.conductor.api.ApiErrors;
import dev.ferrum.conductor.api.actions.ProvisionRequest;
import dev.ferrum.conductor.cluster.ConductorRing;
import dev.ferrum.conductor.cluster.HashRing;
import dev.ferrum.conductor.cluster.RequestRouting;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A provision or power request for a node whose ring has no live conductor: refused with Ironic's NoValidHost and
 * nothing changed, rather than run by a conductor that may not reach the BMC; a lone conductor of the node's own
 * ring (here: one whose heartbeat the ring does not see) keeps working it as before.
 */
class NoOwnerRequestsTest {
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture fixture;
    private ConductorFlows flows;
    /** No conductor is alive on this ring: every node's ring is empty. */
    private ConductorRing emptyRing;

    @BeforeEach
    void open() {
        fixture = flow.start(FlowConfig.defaults());
        emptyRing = new ConductorRing(List::of, fixture.clock, Duration.ofSeconds(60),
                HashRing.DEFAULT_PARTITION_EXPONENT);
    }

    @AfterEach
    void close() {
        if (flows != null) {
            flows.close();
        }
    }

    private ConductorFlows conductorOfGroup(String group) {
        RequestRouting routing = new RequestRouting(FlowFixture.CONDUCTOR, group, List.of("fake-hardware"), emptyRing,
                fixture.store.nodes()::find);
        flows = new ConductorFlows(fixture.store, fixture.drivers, new AgentClient(new AgentClientConfig(
                Duration.ofSeconds(2), Duration.ofSeconds(10))), FlowConfig.defaults(), FlowFixture.CONDUCTOR,
                fixture.clock, routing::runsHere);
        return flows;
    }

    @Test
    void aRequestForANodeOfAGroupNoLiveConductorServesIsRefusedUnchanged() {
        ConductorFlows other = conductorOfGroup("rack2");
        UUID uuid = fixture.createNode("stranded", "52:54:00:0d:00:01", ",\"conductor_group\":\"rack1\"");
        Node before = fixture.store.nodes().get(uuid);

        Throwable provision = catchThrowable(() -> other.provision(before, ProvisionRequest.of(ProvisionEvent.MANAGE)));
        Throwable power = catchThrowable(() -> other.setPower(before, PowerState.POWER_ON, Optional.empty()));

        for (Throwable refused : List.of(provision, power)) {
            assertThat(refused).hasMessageStartingWith("No valid host was found.")
                    .hasMessageContaining("conductor group \"rack1\"");
            assertThat(ApiErrors.statusOf(refused)).as("Ironic's NoValidHost is a NotFound").isEqualTo(404);
        }
        Node after = fixture.store.nodes().get(uuid);
        assertThat(after.provisionState()).isEqualTo(ProvisionState.ENROLL);
        assertThat(after.targetPowerState()).isEmpty();
        assertThat(after.version()).as("nothing written").isEqualTo(before.version());
        assertThat(fixture.store.handoffs().list()).as("nothing left for an owner").isEmpty();
        assertThat(fixture.power.calls()).isEmpty();
        assertThat(fixture.store.locks().holder(uuid)).isEmpty();
    }

    @Test
    void aLoneConductorOfTheNodesRingKeepsWorkingItItself() {
        ConductorFlows lone = conductorOfGroup("");
        UUID uuid = fixture.createNode("local", "52:54:00:0d:00:02", "");

        lone.provision(fixture.store.nodes().get(uuid), ProvisionRequest.of(ProvisionEvent.MANAGE));

        fixture.await(uuid, ProvisionState.MANAGEABLE);
        assertThat(fixture.store.handoffs().list()).isEmpty();
    }
}
