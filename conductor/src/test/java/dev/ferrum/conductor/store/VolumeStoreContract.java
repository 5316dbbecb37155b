package dev.ferrum.conductor.store;

import static dev.ferrum.conductor.store.StoreFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.error.DuplicateException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.error.VersionConflictException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.volume.ConnectorType;
import dev.ferrum.conductor.volume.VolumeConnector;
import dev.ferrum.conductor.volume.VolumeTarget;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Volume connectors and targets: uniqueness rules, per-node listings, versioned updates, going with the node. */
interface VolumeStoreContract extends StoreFixture {

    default VolumeConnector connector(UUID node, ConnectorType type, String id) {
        return store().volumeConnectors().create(VolumeConnector.create(UUID.randomUUID(), node, type, id,
                JsonDict.empty(), T0));
    }

    default VolumeTarget target(UUID node, int bootIndex) {
        return store().volumeTargets().create(VolumeTarget.create(UUID.randomUUID(), node, "iscsi",
                json("{\"lun\": 1}"), bootIndex, "vol-" + bootIndex, JsonDict.empty(), T0));
    }

    @Test
    default void connectorsAreUniqueByTypeAndIdAndListPerNode() {
        Node a = createNode("a");
        Node b = createNode("b");
        VolumeConnector first = connector(a.uuid(), ConnectorType.IQN, "iqn.1");
        assertThat(store().volumeConnectors().get(first.uuid())).isEqualTo(first);
        connector(b.uuid(), ConnectorType.WWPN, "iqn.1");
        assertThatThrownBy(() -> connector(b.uuid(), ConnectorType.IQN, "iqn.1")).isInstanceOf(DuplicateException.class);
        assertThatThrownBy(() -> connector(UUID.randomUUID(), ConnectorType.IQN, "iqn.2"))
                .isInstanceOf(NotFoundException.class);
        assertThat(store().volumeConnectors().list(Optional.of(a.uuid()), Listing.first(10)).items())
                .containsExactly(first);
        assertThat(store().volumeConnectors().list(Optional.empty(), Listing.first(10)).items()).hasSize(2);

        VolumeConnector moved = store().volumeConnectors().update(first.with(b.uuid(), ConnectorType.IP, "10.0.0.1",
                JsonDict.empty()), 1);
        assertThat(moved.version()).isEqualTo(2);
        assertThat(store().volumeConnectors().list(Optional.of(b.uuid()), Listing.first(10)).items()).hasSize(2);
        assertThatThrownBy(() -> store().volumeConnectors().update(first, 1))
                .isInstanceOf(VersionConflictException.class);
    }

    @Test
    default void bootIndexesAreUniquePerNodeAndRecordsGoWithTheirNode() {
        Node a = createNode("a");
        Node b = createNode("b");
        VolumeTarget boot = target(a.uuid(), 0);
        target(b.uuid(), 0);
        assertThatThrownBy(() -> target(a.uuid(), 0)).isInstanceOf(DuplicateException.class)
                .hasMessageContaining("boot index '0'");
        VolumeTarget second = target(a.uuid(), 1);
        assertThatThrownBy(() -> store().volumeTargets().update(second.with(a.uuid(), "iscsi", JsonDict.empty(), 0,
                "v", JsonDict.empty()), 1)).isInstanceOf(DuplicateException.class);
        assertThat(store().volumeTargets().get(boot.uuid()).properties()).isEqualTo(json("{\"lun\": 1}"));
        connector(a.uuid(), ConnectorType.MAC, "52:54:00:00:00:01");

        store().nodes().delete(lock(a.uuid()));
        assertThat(store().volumeTargets().find(boot.uuid())).isEmpty();
        assertThat(store().volumeConnectors().list(Optional.empty(), Listing.first(10)).items()).isEmpty();
        assertThat(store().volumeTargets().list(Optional.empty(), Listing.first(10)).items()).hasSize(1);
    }
}
