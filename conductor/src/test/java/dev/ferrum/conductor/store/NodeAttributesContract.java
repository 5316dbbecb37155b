package dev.ferrum.conductor.store;

import static dev.ferrum.conductor.store.StoreFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.node.Fault;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeAttributes;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The node attribute columns (V5) and their list filters, for every store implementation. */
interface NodeAttributesContract extends StoreFixture {

    private Node withAttributes(String name, NodeAttributes attributes) {
        return store().nodes().create(newNode().name(name).attributes(attributes).build());
    }

    @Test
    default void everyAttributeRoundTrips() {
        UUID parent = UUID.randomUUID();
        NodeAttributes full = NodeAttributes.none().withDescription(Optional.of("rack 4 ünïcode"))
                .withOwner(Optional.of("owner-p")).withLessee(Optional.of("lessee-p"))
                .withProtection(true, Optional.of("prod")).withRetirement(true, Optional.of("eol"))
                .withNetworkData(json("{\"links\": [{\"id\": \"eth0\"}], \"networks\": []}"))
                .withShard(Optional.of("s1")).withFault(Optional.of(Fault.RESCUE_ABORT_FAILURE))
                .withBootMode(Optional.of("uefi"), Optional.of(true)).withParentNode(Optional.of(parent))
                .withDisablePowerOff(true);
        Node created = withAttributes("full", full);
        assertThat(created.attributes()).isEqualTo(full);
        assertThat(store().nodes().get(created.uuid()).attributes()).isEqualTo(full);
        assertThat(openAnotherStore().nodes().get(created.uuid()).attributes()).isEqualTo(full);

        Node plain = store().nodes().create(newNode().name("plain").build());
        assertThat(store().nodes().get(plain.uuid()).attributes()).isEqualTo(NodeAttributes.none());
    }

    @Test
    default void anUpdateChangesAttributesUnderTheLock() {
        Node node = withAttributes("edited", NodeAttributes.none().withOwner(Optional.of("a")));
        Node updated = store().locks().withLock(node.uuid(), CONDUCTOR_A, lock -> store().nodes().update(lock,
                node.version(), b -> b.maintenance(true).editAttributes(a -> a.withFault(Optional.of(Fault.POWER_FAILURE)))));
        assertThat(updated.attributes().fault()).contains(Fault.POWER_FAILURE);
        assertThat(updated.attributes().owner()).contains("a");
        assertThat(store().nodes().get(node.uuid()).attributes()).isEqualTo(updated.attributes());
    }

    @Test
    default void listsFilterOnEachAttribute() {
        withAttributes("a", NodeAttributes.none().withOwner(Optional.of("p1")).withShard(Optional.of("s1"))
                .withDescription(Optional.of("GPU box in rack 7")));
        withAttributes("b", NodeAttributes.none().withLessee(Optional.of("p1")).withShard(Optional.of("s2"))
                .withRetirement(true, Optional.empty()));
        store().nodes().create(newNode().name("c").conductorGroup("west")
                .attributes(NodeAttributes.none().withFault(Optional.of(Fault.CLEAN_FAILURE))).build());

        record Case(NodeAttributeFilter filter, List<String> names) {
        }
        NodeAttributeFilter none = NodeAttributeFilter.none();
        for (Case c : List.of(
                new Case(none, List.of("a", "b", "c")),
                new Case(filter(Optional.of("p1"), Optional.empty(), Optional.empty()), List.of("a")),
                new Case(filter(Optional.empty(), Optional.of("p1"), Optional.empty()), List.of("b")),
                new Case(filter(Optional.empty(), Optional.empty(), Optional.of("p1")), List.of("a", "b")),
                new Case(new NodeAttributeFilter(Optional.empty(), Optional.empty(), Optional.empty(),
                        Optional.of("rack 7"), Optional.empty(), Optional.empty(), Optional.empty(), List.of(),
                        Optional.empty()), List.of("a")),
                new Case(new NodeAttributeFilter(Optional.empty(), Optional.empty(), Optional.empty(),
                        Optional.empty(), Optional.of("west"), Optional.empty(), Optional.empty(), List.of(),
                        Optional.empty()), List.of("c")),
                new Case(new NodeAttributeFilter(Optional.empty(), Optional.empty(), Optional.empty(),
                        Optional.empty(), Optional.empty(), Optional.of(Fault.CLEAN_FAILURE), Optional.empty(),
                        List.of(), Optional.empty()), List.of("c")),
                new Case(new NodeAttributeFilter(Optional.empty(), Optional.empty(), Optional.empty(),
                        Optional.empty(), Optional.empty(), Optional.empty(), Optional.of(true), List.of(),
                        Optional.empty()), List.of("b")),
                new Case(new NodeAttributeFilter(Optional.empty(), Optional.empty(), Optional.empty(),
                        Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), List.of("s1", "s2"),
                        Optional.empty()), List.of("a", "b")),
                new Case(new NodeAttributeFilter(Optional.empty(), Optional.empty(), Optional.empty(),
                        Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), List.of(),
                        Optional.of(false)), List.of("c")))) {
            List<String> names = store().nodes().list(NodeQuery.all().withAttributes(c.filter())).items().stream()
                    .map(n -> n.name().orElseThrow()).sorted().toList();
            assertThat(names).as(c.filter().toString()).isEqualTo(c.names());
        }
    }

    @Test
    default void shardsAreCountedMostNodesFirst() {
        assertThat(store().nodes().countByShard()).isEmpty();
        withAttributes("a", NodeAttributes.none().withShard(Optional.of("east")));
        withAttributes("b", NodeAttributes.none().withShard(Optional.of("east")));
        store().nodes().create(newNode().name("c").build());
        assertThat(store().nodes().countByShard()).containsExactly(new ShardCount(Optional.of("east"), 2),
                new ShardCount(Optional.empty(), 1));
    }

    private static NodeAttributeFilter filter(Optional<String> owner, Optional<String> lessee,
                                              Optional<String> project) {
        return new NodeAttributeFilter(owner, lessee, project, Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), List.of(), Optional.empty());
    }
}
