package dev.ferrum.conductor.flow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.node.Fault;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.periodic.PowerSync;
import dev.ferrum.conductor.state.ProvisionState;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Power state sync as Ironic runs it: a BMC that cannot be read three passes in a row puts the node into
 * maintenance with the {@code power failure} fault (shown and filterable through the API); once the BMC
 * answers again the node leaves maintenance and the fault is cleared. Operator maintenance is left alone.
 */
class PowerFailureFlowTest {
    @RegisterExtension
    final FlowFixtureExtension flow = new FlowFixtureExtension();
    private FlowFixture conductor;
    private volatile boolean bmcDown;
    private final List<UUID> reads = new CopyOnWriteArrayList<>();

    private PowerState read(Node node) {
        reads.add(node.uuid());
        if (bmcDown) {
            throw new IllegalStateException("BMC 10.0.0.9 did not answer");
        }
        return PowerState.POWER_ON;
    }

    private UUID manageable(String name, String mac) {
        UUID node = conductor.createNode(name, mac, "");
        conductor.provision(node, "manage");
        conductor.await(node, ProvisionState.MANAGEABLE);
        return node;
    }

    @Test
    void anUnreachableBmcEndsInMaintenanceWithThePowerFailureFaultAndRecovers() {
        conductor = flow.start(FlowConfig.defaults());
        UUID node = manageable("node-p", "02:fc:00:00:00:21");
        UUID operators = manageable("node-q", "02:fc:00:00:00:22");
        conductor.expect(202, conductor.send("PUT", "/v1/nodes/" + operators + "/maintenance",
                Optional.of("{\"reason\":\"disk swap\"}"), Optional.of("latest")));
        PowerSync sync = new PowerSync(conductor.store, this::read, FlowFixture.CONDUCTOR, 3);

        assertThat(sync.syncOnce()).isEmpty();
        assertThat(conductor.store.nodes().get(node).powerState()).contains(PowerState.POWER_ON);
        assertThat(reads).doesNotContain(operators);

        bmcDown = true;
        assertThat(sync.syncOnce()).isEmpty();
        assertThat(sync.syncOnce()).isEmpty();
        assertThat(conductor.store.nodes().get(node).maintenance()).isFalse();
        assertThat(sync.syncOnce()).containsExactly(node);
        Node faulted = conductor.store.nodes().get(node);
        assertThat(faulted.maintenance()).isTrue();
        assertThat(faulted.attributes().fault()).contains(Fault.POWER_FAILURE);
        assertThat(faulted.maintenanceReason()).hasValueSatisfying(r -> assertThat(r).contains("did not answer"));
        var listed = conductor.expect(200, conductor.get("/v1/nodes?fault=power%20failure&fields=uuid,fault",
                "1.42")).body().get("nodes");
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).get("fault").asText()).isEqualTo("power failure");

        assertThat(sync.syncOnce()).as("still down: stays in maintenance").isEmpty();
        bmcDown = false;
        sync.syncOnce();
        Node recovered = conductor.store.nodes().get(node);
        assertThat(recovered.maintenance()).isFalse();
        assertThat(recovered.maintenanceReason()).isEmpty();
        assertThat(recovered.attributes().fault()).isEmpty();
        Node untouched = conductor.store.nodes().get(operators);
        assertThat(untouched.maintenance()).isTrue();
        assertThat(untouched.maintenanceReason()).contains("disk swap");
        assertThat(reads).doesNotContain(operators);
    }
}
