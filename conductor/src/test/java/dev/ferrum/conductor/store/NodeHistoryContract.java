package dev.ferrum.conductor.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.history.HistoryEntry;
import dev.ferrum.conductor.history.NodeEvent;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.state.ProvisionState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The node timeline: Ferrum's fields kept as written, paged by marker, the fleet's tail read by id (the event
 * stream's cursor), and Ironic's retention: the newest entries of each node and the young ones stay.
 */
interface NodeHistoryContract extends StoreFixture {

    private NodeEvent event(UUID node, Instant at, String kind) {
        return new NodeEvent(UUID.randomUUID(), node, at, ProvisionState.MANAGEABLE, ProvisionState.MANAGEABLE, kind,
                NodeEvent.Severity.WARNING, "text of " + kind, Optional.of("c1"), "power", kind, Optional.of("alice"),
                JsonNodeFactory.instance.objectNode().put("recorded", "power on").put("failures", 2));
    }

    @Test
    default void entriesKeepTheirTimelineFieldsAndPageByMarker() {
        Node node = createNode("timeline");
        List<NodeEvent> written = List.of(event(node.uuid(), T0, "a"), event(node.uuid(), T0.plusSeconds(1), "b"),
                event(node.uuid(), T0.plusSeconds(2), "c"));
        written.forEach(store().history()::append);

        assertThat(store().history().list(node.uuid())).containsExactlyElementsOf(written);
        List<HistoryEntry> first = store().history().page(node.uuid(), Optional.empty(), 2);
        assertThat(first).extracting(HistoryEntry::event).containsExactly(written.get(0), written.get(1));
        assertThat(first.get(1).id()).isGreaterThan(first.get(0).id());
        assertThat(store().history().page(node.uuid(), Optional.of(written.get(1).uuid()), 2))
                .extracting(HistoryEntry::event).containsExactly(written.get(2));
        assertThat(store().history().get(node.uuid(), written.get(2).uuid())).map(HistoryEntry::event)
                .contains(written.get(2));
        assertThat(written.get(0).details().get("failures").asInt()).isEqualTo(2);
        assertThatThrownBy(() -> store().history().page(node.uuid(), Optional.of(UUID.randomUUID()), 2))
                .isInstanceOf(NotFoundException.class);
    }

    @Test
    default void theFleetsTailIsReadAfterAnId() {
        Node one = createNode("one");
        Node two = createNode("two");
        long before = store().history().latestId();
        store().history().append(event(one.uuid(), T0, "x"));
        store().history().append(event(two.uuid(), T0, "y"));

        List<HistoryEntry> tail = store().history().after(before, 10);
        assertThat(tail).extracting(e -> e.event().kind()).containsExactly("x", "y");
        assertThat(store().history().latestId()).isEqualTo(tail.get(1).id());
        assertThat(store().history().after(tail.get(0).id(), 10)).extracting(e -> e.event().kind())
                .containsExactly("y");
        assertThat(store().history().after(tail.get(1).id(), 10)).isEmpty();
    }

    @Test
    default void pruningKeepsEachNodesNewestEntriesAndTheYoungOnes() {
        Node busy = createNode("busy");
        Node quiet = createNode("quiet");
        for (int i = 0; i < 5; i++) {
            store().history().append(event(busy.uuid(), T0.plus(Duration.ofDays(i)), "busy-" + i));
        }
        store().history().append(event(quiet.uuid(), T0, "quiet-0"));

        // Keep 2 per node, but nothing younger than day 2: busy-0 and busy-1 go, busy-2 is young enough to stay.
        assertThat(store().history().prune(2, T0.plus(Duration.ofDays(2)), 1000)).isEqualTo(2);
        assertThat(store().history().list(busy.uuid())).extracting(NodeEvent::kind)
                .containsExactly("busy-2", "busy-3", "busy-4");
        assertThat(store().history().list(quiet.uuid())).hasSize(1);
        assertThat(store().history().prune(2, T0.plus(Duration.ofDays(10)), 1)).as("a batch at a time").isEqualTo(1);
        assertThat(store().history().list(busy.uuid())).extracting(NodeEvent::kind).containsExactly("busy-3", "busy-4");
    }
}
