package dev.ferrum.conductor.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeInterfaces;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.conductor.state.ProvisionState;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The PXE filter's narrow read: each port's MAC with its node's current state and boot interface. */
interface PortBootContract extends StoreFixture {

    @Test
    default void everyPortComesWithItsNodesCurrentStateAndBootInterface() {
        Node active = store().nodes().create(newNode().name("active").provisionState(ProvisionState.ACTIVE)
                .interfaces(NodeInterfaces.none().with(InterfaceKind.BOOT, "ipxe")).build());
        Node plain = store().nodes().create(newNode().name("plain").provisionState(ProvisionState.INSPECT_WAIT)
                .build());
        createPort(active.uuid(), "02:fd:00:00:00:01");
        createPort(active.uuid(), "02:fd:00:00:00:02");
        createPort(plain.uuid(), "02:fd:00:00:00:03");

        assertThat(openAnotherStore().portBoots().list()).containsExactlyInAnyOrder(
                new PortBootStore.PortBoot(MacAddresses.parse("02:fd:00:00:00:01"), ProvisionState.ACTIVE,
                        Optional.of("ipxe")),
                new PortBootStore.PortBoot(MacAddresses.parse("02:fd:00:00:00:02"), ProvisionState.ACTIVE,
                        Optional.of("ipxe")),
                new PortBootStore.PortBoot(MacAddresses.parse("02:fd:00:00:00:03"), ProvisionState.INSPECT_WAIT,
                        Optional.empty()));
    }

    @Test
    default void anyInTellsWhetherSomeNodeIsInTheStateWithOrWithoutPorts() {
        assertThat(store().portBoots().anyIn(ProvisionState.INSPECT_WAIT)).isFalse();
        store().nodes().create(newNode().name("portless").provisionState(ProvisionState.INSPECT_WAIT).build());
        createNode("enrolled");

        assertThat(store().portBoots().anyIn(ProvisionState.INSPECT_WAIT)).isTrue();
        assertThat(store().portBoots().anyIn(ProvisionState.DEPLOY_WAIT)).isFalse();
        assertThat(store().portBoots().list()).isEmpty();
    }
}
