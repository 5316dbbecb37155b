package dev.ferrum.conductor.store;

import dev.ferrum.conductor.error.DuplicateException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.error.VersionConflictException;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.conductor.port.Port;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

import static dev.ferrum.conductor.store.StoreFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Ports: CRUD, MAC uniqueness across the inventory, optimistic updates. */
interface PortStoreContract extends StoreFixture {

    @Test
    default void aPortRoundTrips() {
        Node node = createNode("n");
        clock().advance(Duration.ofSeconds(2));
        Port port = Port.create(UUID.randomUUID(), MacAddresses.parse("52:54:00:AB:CD:EF"), node.uuid(), T0)
                .withPxeEnabled(false)
                .withLocalLinkConnection(json("{\"switch_id\": \"0a:1b:2c:3d:4e:5f\", \"port_id\": \"Eth1/7\"}"))
                .withPhysicalNetwork(Optional.of("physnet1"))
                .withExtra(json("{\"cable\": 7}"));

        Port created = store().ports().create(port);

        assertThat(created.version()).isEqualTo(1);
        assertThat(created.createdAt()).isEqualTo(T0.plusSeconds(2));
        assertThat(created.address().value()).isEqualTo("52:54:00:ab:cd:ef");
        assertThat(store().ports().get(port.uuid())).isEqualTo(created);
        assertThat(store().ports().findByAddress(MacAddresses.parse("52-54-00-ab-cd-ef"))).contains(created);
        assertThat(store().ports().listByNode(node.uuid())).containsExactly(created);
    }

    @Test
    default void aMacBelongsToOnePortAndTheConflictNamesItsNode() {
        Node holder = createNode("holder");
        Node other = createNode("other");
        createPort(holder.uuid(), "52:54:00:00:00:01");

        assertThatThrownBy(() -> createPort(other.uuid(), "52:54:00:00:00:01"))
                .isInstanceOf(DuplicateException.class)
                .hasMessageContaining("52:54:00:00:00:01")
                .hasMessageContaining("holder (" + holder.uuid() + ")");
        assertThat(store().ports().listByNode(other.uuid())).isEmpty();
    }

    @Test
    default void aPortNeedsAnExistingNode() {
        UUID missing = UUID.randomUUID();

        assertThatThrownBy(() -> createPort(missing, "52:54:00:00:00:01"))
                .isInstanceOf(NotFoundException.class).hasMessageContaining(missing.toString());
    }

    @Test
    default void portUpdatesAreOptimisticAndKeepMacsUnique() {
        Node node = createNode("n");
        Node target = createNode("t");
        Port port = createPort(node.uuid(), "52:54:00:00:00:01");
        createPort(node.uuid(), "52:54:00:00:00:02");

        Port moved = store().ports().update(port.withNode(target.uuid()).withAddress(MacAddresses.parse("52:54:00:00:00:03")), 1);

        assertThat(moved.version()).isEqualTo(2);
        assertThat(moved.updatedAt()).isPresent();
        assertThat(store().ports().listByNode(target.uuid())).containsExactly(moved);
        assertThatThrownBy(() -> store().ports().update(port.withPxeEnabled(false), 1))
                .isInstanceOf(VersionConflictException.class);
        assertThatThrownBy(() -> store().ports().update(moved.withAddress(MacAddresses.parse("52:54:00:00:00:02")), 2))
                .isInstanceOf(DuplicateException.class).hasMessageContaining("n (" + node.uuid() + ")");
        assertThatThrownBy(() -> store().ports().update(moved.withNode(UUID.randomUUID()), 2))
                .isInstanceOf(NotFoundException.class);
        assertThat(store().ports().get(port.uuid())).isEqualTo(moved);
    }

    @Test
    default void portsAreDeletedOnce() {
        Port port = createPort(createNode("n").uuid(), "52:54:00:00:00:01");

        store().ports().delete(port.uuid());

        assertThat(store().ports().find(port.uuid())).isEmpty();
        assertThatThrownBy(() -> store().ports().delete(port.uuid())).isInstanceOf(NotFoundException.class);
    }

    @Test
    default void portListingsPage() {
        Node node = createNode("n");
        Node other = createNode("o");
        for (int i = 0; i < 5; i++) {
            createPort(node.uuid(), "52:54:00:00:00:1" + i);
        }
        createPort(other.uuid(), "52:54:00:00:00:20");

        List<Port> seen = new ArrayList<>();
        Page<Port> page = store().ports().list(Optional.of(node.uuid()), 2, Optional.empty());
        while (true) {
            seen.addAll(page.items());
            if (page.nextMarker().isEmpty()) {
                break;
            }
            page = store().ports().list(Optional.of(node.uuid()), 2, page.nextMarker());
        }

        assertThat(seen).hasSize(5).extracting(p -> p.uuid().toString()).isSorted();
        assertThat(store().ports().list(Optional.empty(), 100, Optional.empty()).items()).hasSize(6);
    }
}
