package dev.ferrum.conductor.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.InternalState;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The heartbeat write path on every database: a batch's narrow writes land in the node's internal state as a
 * locked write would, and what cannot be written without the lock is kept, never dropped. A first heartbeat on
 * a boot is recorded in the batch with its history entry when the caller gives one, where no flow moves on it.
 */
interface HeartbeatStoreContract extends StoreFixture {
    URI OLD_URL = URI.create("http://10.0.0.20:9999");
    URI NEW_URL = URI.create("https://10.0.0.21:9999");
    Set<ProvisionState> FLOWS = EnumSet.of(ProvisionState.DEPLOY_WAIT, ProvisionState.CLEAN_WAIT);
    Instant DEADLINE = T0.plus(Duration.ofMinutes(30));
    Map<ProvisionState, Instant> DEADLINES = Map.of(ProvisionState.INSPECT_WAIT, DEADLINE,
            ProvisionState.DEPLOY_WAIT, DEADLINE);

    private Node heartbeating(String name, ProvisionState state, boolean maintenance) {
        return store().nodes().create(newNode().name(name).provisionState(state).maintenance(maintenance)
                .internal(InternalState.empty().withHeartbeat(OLD_URL, "9.0.0", T0)
                        .withAgentVerifyCa("old-pem").withWaitDeadline(Optional.of(T0))).build());
    }

    private static AgentBeat beat(Node node, Instant at, Optional<String> ca) {
        return new AgentBeat(node.uuid(), NEW_URL, "9.4.3", at, ca);
    }

    @Test
    default void aBatchRecordsEachUnlockedNodesHeartbeatNarrowlyAndKeepsTheRestOfItsState() {
        Node waiting = heartbeating("hb-inspect", ProvisionState.INSPECT_WAIT, false);
        Node active = heartbeating("hb-active", ProvisionState.ACTIVE, false);
        Node fixing = heartbeating("hb-maintenance", ProvisionState.DEPLOY_WAIT, true);
        Instant at = T0.plusSeconds(5).plusNanos(123_000);

        List<AgentBeat.Outcome> outcomes = store().heartbeats().record(List.of(beat(waiting, at, Optional.of("new-pem")),
                beat(active, at, Optional.empty()), beat(fixing, at, Optional.empty())), FLOWS, DEADLINES);

        assertThat(outcomes).containsOnly(AgentBeat.Outcome.RECORDED).hasSize(3);
        Node inspect = store().nodes().get(waiting.uuid());
        assertThat(inspect.internal()).isEqualTo(waiting.internal().withHeartbeat(NEW_URL, "9.4.3", at)
                .withAgentVerifyCa("new-pem").withWaitDeadline(Optional.of(DEADLINE)));
        assertThat(inspect.version()).isEqualTo(waiting.version() + 1);
        assertThat(inspect.updatedAt()).isPresent();
        // The column the sweeper reads moved with the JSON: not past its deadline a minute after T0.
        assertThat(store().nodes().findPastDeadline(T0.plusSeconds(60))).extracting(Node::uuid)
                .doesNotContain(waiting.uuid());
        // A state without a deadline keeps its stored one untouched (and its certificate when none was sent).
        assertThat(store().nodes().get(active.uuid()).internal()).isEqualTo(active.internal()
                .withHeartbeat(NEW_URL, "9.4.3", at));
        // Maintenance records the heartbeat even where a flow would move: the flow does not move in maintenance.
        assertThat(store().nodes().get(fixing.uuid()).internal().agentUrl()).contains(NEW_URL);
        assertThat(store().heartbeats().kept()).isEmpty();
    }

    @Test
    default void whatNeedsTheLockIsKeptNewestFirstAndAnOlderHeartbeatIsOvertaken() {
        Node locked = heartbeating("hb-locked", ProvisionState.INSPECT_WAIT, false);
        Node deploying = heartbeating("hb-deploy", ProvisionState.DEPLOY_WAIT, false);
        Node fresh = store().nodes().create(newNode().name("hb-first").provisionState(ProvisionState.INSPECT_WAIT)
                .build());
        Node recorded = heartbeating("hb-recorded", ProvisionState.ACTIVE, false);
        lock(locked.uuid());
        Instant at = T0.plusSeconds(10);

        List<AgentBeat.Outcome> outcomes = store().heartbeats().record(List.of(beat(locked, at, Optional.empty()),
                beat(deploying, at, Optional.empty()), beat(fresh, at, Optional.empty()),
                beat(recorded, T0.minusSeconds(1), Optional.empty()),
                beat(deploying, at.minusSeconds(3), Optional.empty())), FLOWS, DEADLINES);

        assertThat(outcomes).containsExactly(AgentBeat.Outcome.KEPT_FOR_LOCK, AgentBeat.Outcome.KEPT_FOR_LOCK,
                AgentBeat.Outcome.KEPT_FOR_LOCK, AgentBeat.Outcome.OVERTAKEN, AgentBeat.Outcome.KEPT_FOR_LOCK);
        // Nothing written on those nodes; the deploying node's later, older heartbeat did not replace its newer one.
        assertThat(store().nodes().get(locked.uuid()).internal()).isEqualTo(locked.internal());
        assertThat(store().nodes().get(deploying.uuid()).version()).isEqualTo(deploying.version());
        assertThat(store().nodes().get(recorded.uuid()).internal()).isEqualTo(recorded.internal());
        assertThat(store().heartbeats().kept()).containsExactlyInAnyOrder(beat(locked, at, Optional.empty()),
                beat(deploying, at, Optional.empty()), beat(fresh, at, Optional.empty()));

        // Once recorded under the lock, a kept heartbeat is forgotten; a newer one kept meanwhile is not.
        store().heartbeats().forget(deploying.uuid(), at);
        store().heartbeats().forget(fresh.uuid(), at.minusSeconds(1));
        assertThat(store().heartbeats().kept()).extracting(AgentBeat::node)
                .containsExactlyInAnyOrder(locked.uuid(), fresh.uuid());
    }

    /** The entry a caller gives for a first heartbeat: the beat's facts and the state the store read. */
    private static NodeEvent firstEntry(AgentBeat beat, ProvisionState state) {
        UUID uuid = UUID.nameUUIDFromBytes(beat.node().toString().getBytes(StandardCharsets.UTF_8));
        return new NodeEvent(uuid, beat.node(), beat.receivedAt(), state, state,
                "agent.heartbeat.first", NodeEvent.Severity.INFO, "First heartbeat at " + beat.callbackUrl(),
                Optional.of(CONDUCTOR_A), "agent", "agent.heartbeat.first", Optional.empty(),
                JsonNodeFactory.instance.objectNode().put("callback_url", beat.callbackUrl().toString()));
    }

    @Test
    default void aFirstHeartbeatOutsideAFlowIsRecordedInTheBatchWithItsHistoryEntry() {
        Node inspecting = store().nodes().create(newNode().name("first-inspect")
                .provisionState(ProvisionState.INSPECT_WAIT).build());
        Node active = store().nodes().create(newNode().name("first-active").provisionState(ProvisionState.ACTIVE)
                .build());
        Node deploying = store().nodes().create(newNode().name("first-deploy")
                .provisionState(ProvisionState.DEPLOY_WAIT).build());
        Node locked = store().nodes().create(newNode().name("first-locked")
                .provisionState(ProvisionState.MANAGEABLE).build());
        lock(locked.uuid());
        Instant at = T0.plusSeconds(3);

        List<AgentBeat.Outcome> outcomes = store().heartbeats().record(List.of(beat(inspecting, at, Optional.empty()),
                beat(active, at, Optional.of("pem")), beat(deploying, at, Optional.empty()),
                beat(locked, at, Optional.empty())), FLOWS, DEADLINES, HeartbeatStoreContract::firstEntry);

        assertThat(outcomes).containsExactly(AgentBeat.Outcome.RECORDED, AgentBeat.Outcome.RECORDED,
                AgentBeat.Outcome.KEPT_FOR_LOCK, AgentBeat.Outcome.KEPT_FOR_LOCK);
        assertThat(store().nodes().get(inspecting.uuid()).internal()).isEqualTo(inspecting.internal()
                .withHeartbeat(NEW_URL, "9.4.3", at).withWaitDeadline(Optional.of(DEADLINE)));
        assertThat(store().nodes().get(active.uuid()).internal()).isEqualTo(active.internal()
                .withHeartbeat(NEW_URL, "9.4.3", at).withAgentVerifyCa("pem"));
        // One entry each, in the state the heartbeat found the node in, as the caller made it.
        for (Node node : List.of(inspecting, active)) {
            assertThat(store().history().list(node.uuid())).containsExactly(
                    firstEntry(beat(node, at, Optional.empty()), node.provisionState()));
        }
        // A flow moves on the deploying node's first heartbeat and the locked one is somebody's: both to the lock.
        assertThat(store().history().list(deploying.uuid())).isEmpty();
        assertThat(store().history().list(locked.uuid())).isEmpty();
        assertThat(store().nodes().get(deploying.uuid()).version()).isEqualTo(deploying.version());
        assertThat(store().heartbeats().kept()).extracting(AgentBeat::node)
                .containsExactlyInAnyOrder(deploying.uuid(), locked.uuid());

        // The next heartbeat is no first one: no second entry.
        assertThat(store().heartbeats().record(List.of(beat(inspecting, at.plusSeconds(1), Optional.empty())),
                FLOWS, DEADLINES, HeartbeatStoreContract::firstEntry)).containsExactly(AgentBeat.Outcome.RECORDED);
        assertThat(store().history().list(inspecting.uuid())).hasSize(1);
    }
}
