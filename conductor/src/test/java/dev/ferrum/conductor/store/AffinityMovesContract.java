package dev.ferrum.conductor.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.AgentToken;
import dev.ferrum.conductor.node.InternalState;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Takeover's batched affinity moves on every database: pages of nodes move in one statement each, with their
 * history entries, and a node that is not what the taker listed (locked, in maintenance, moved on, another's,
 * its agent forgotten) is left alone and not answered as moved.
 */
interface AffinityMovesContract extends StoreFixture {
    String DEAD = "dead.example";

    private Node waiting(String name, ProvisionState state, String affinity, boolean token, boolean maintenance) {
        InternalState internal = token ? InternalState.empty().withAgentToken(new AgentToken("t-" + name, false))
                : InternalState.empty();
        return store().nodes().create(newNode().name(name).provisionState(state).conductorAffinity(affinity)
                .maintenance(maintenance).internal(internal).build());
    }

    private static NodeEvent moved(UUID node) {
        return new NodeEvent(UUID.randomUUID(), node, T0, ProvisionState.INSPECT_WAIT, ProvisionState.INSPECT_WAIT,
                "node.takeover", NodeEvent.Severity.INFO, "taken over from " + DEAD, Optional.of(CONDUCTOR_A));
    }

    @Test
    default void pagesOfNodesMoveWithTheirHistoryAndWhatChangedSinceTheListingStays() {
        List<Node> movable = new ArrayList<>();
        // More than a page, so the paging is exercised.
        for (int i = 0; i < AffinityMoves.PAGE + 3; i++) {
            movable.add(waiting("move-" + i, ProvisionState.INSPECT_WAIT, DEAD, true, false));
        }
        Node locked = waiting("locked", ProvisionState.INSPECT_WAIT, DEAD, true, false);
        lock(locked.uuid());
        Node fixing = waiting("fixing", ProvisionState.INSPECT_WAIT, DEAD, true, true);
        Node movedOn = waiting("moved-on", ProvisionState.MANAGEABLE, DEAD, true, false);
        Node others = waiting("others", ProvisionState.INSPECT_WAIT, CONDUCTOR_B, true, false);
        Node forgotten = waiting("forgotten", ProvisionState.INSPECT_WAIT, DEAD, false, false);
        List<Node> stays = List.of(locked, fixing, movedOn, others, forgotten);
        List<UUID> listed = new ArrayList<>(movable.stream().map(Node::uuid).toList());
        stays.forEach(n -> listed.add(n.uuid()));

        var result = store().affinityMoves().move(DEAD, CONDUCTOR_A, ProvisionState.INSPECT_WAIT, listed,
                AffinityMovesContract::moved);

        assertThat(result).containsExactlyInAnyOrderElementsOf(movable.stream().map(Node::uuid).toList());
        for (Node node : List.of(movable.getFirst(), movable.getLast())) {
            Node after = store().nodes().get(node.uuid());
            assertThat(after.conductorAffinity()).contains(CONDUCTOR_A);
            assertThat(after.version()).isEqualTo(node.version() + 1);
            assertThat(after.internal()).isEqualTo(node.internal());
            assertThat(store().history().list(node.uuid())).singleElement().satisfies(entry -> {
                assertThat(entry.event()).isEqualTo("node.takeover");
                assertThat(entry.conductor()).contains(CONDUCTOR_A);
            });
        }
        for (Node node : stays) {
            Node after = store().nodes().get(node.uuid());
            assertThat(after.conductorAffinity()).as(node.name().orElseThrow()).isEqualTo(node.conductorAffinity());
            assertThat(after.version()).isEqualTo(node.version());
            assertThat(store().history().list(node.uuid())).isEmpty();
        }
        assertThat(store().affinityMoves().move(DEAD, CONDUCTOR_A, ProvisionState.INSPECT_WAIT, listed,
                AffinityMovesContract::moved)).as("moved once").isEmpty();
    }
}
