package dev.ferrum.conductor.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.node.Fault;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeBuilder;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.state.ProvisionState;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The narrow listing power sync reads: settled nodes only (not enrolling, not waiting on a ramdisk, not locked, no
 * power change under way, not in maintenance unless for a power failure), with what the ring and the per-BMC lanes
 * need, in uuid order and paged without gaps or repeats.
 */
interface PowerSyncRowsContract extends StoreFixture {

    private Node node(String name, UnaryOperator<NodeBuilder> shape) {
        return store().nodes().create(shape.apply(newNode().name(name).provisionState(ProvisionState.AVAILABLE)
                .powerState(PowerState.POWER_ON)).build());
    }

    @Test
    default void onlySettledNodesAreListedWithTheirOwnerKeysAndBmc() {
        Node settled = node("settled", b -> b.conductorGroup("Rack1")
                .driverInfo(StoreFixture.json("{\"ipmi_address\":\"10.0.0.9\",\"ipmi_password\":\"x\"}")));
        Node recovering = node("recovering", b -> b.maintenance(true).maintenanceReason("power sync failed")
                .editAttributes(a -> a.withFault(Optional.of(Fault.POWER_FAILURE))));
        node("enrolling", b -> b.provisionState(ProvisionState.ENROLL));
        node("waiting", b -> b.provisionState(ProvisionState.DEPLOY_WAIT));
        node("switching", b -> b.targetPowerState(PowerState.POWER_OFF));
        node("operator-maintenance", b -> b.maintenance(true).maintenanceReason("disk swap"));
        lock(node("locked", b -> b).uuid());

        List<PowerSyncRows.Row> rows = store().powerSyncRows().all();

        assertThat(rows).extracting(PowerSyncRows.Row::uuid).containsExactlyInAnyOrder(settled.uuid(),
                recovering.uuid());
        assertThat(rows).filteredOn(r -> r.uuid().equals(settled.uuid())).singleElement()
                .isEqualTo(new PowerSyncRows.Row(settled.uuid(), "ipmi", "Rack1", Optional.of("10.0.0.9")));
        assertThat(rows).filteredOn(r -> r.uuid().equals(recovering.uuid())).singleElement()
                .extracting(PowerSyncRows.Row::bmcAddress).isEqualTo(Optional.empty());
    }

    @Test
    default void pagesFollowEachOtherInUuidOrder() {
        for (int i = 0; i < 5; i++) {
            node("paged-" + i, b -> b);
        }
        List<UUID> expected = store().nodes().list(NodeQuery.all()).items().stream().map(Node::uuid)
                .sorted(Comparator.comparing(UUID::toString)).toList();

        List<PowerSyncRows.Row> first = store().powerSyncRows().page(Optional.empty(), 2);
        List<PowerSyncRows.Row> second = store().powerSyncRows().page(Optional.of(first.getLast().uuid()), 2);
        List<PowerSyncRows.Row> rest = store().powerSyncRows().page(Optional.of(second.getLast().uuid()), 2);

        assertThat(first).extracting(PowerSyncRows.Row::uuid).containsExactlyElementsOf(expected.subList(0, 2));
        assertThat(second).extracting(PowerSyncRows.Row::uuid).containsExactlyElementsOf(expected.subList(2, 4));
        assertThat(rest).extracting(PowerSyncRows.Row::uuid).containsExactlyElementsOf(expected.subList(4, 5));
        assertThat(store().powerSyncRows().all()).extracting(PowerSyncRows.Row::uuid)
                .containsExactlyElementsOf(expected);
    }
}
