package dev.ferrum.conductor.store;

import static dev.ferrum.conductor.store.StoreFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.error.DuplicateException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.error.VersionConflictException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.conductor.port.Port;
import dev.ferrum.conductor.portgroup.Portgroup;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Portgroups: unique names and MACs, port membership, no deletion or move while they hold ports. */
interface PortgroupStoreContract extends StoreFixture {

    default Portgroup createPortgroup(UUID node, String name, Optional<String> mac) {
        return store().portgroups().create(Portgroup.create(UUID.randomUUID(), new Portgroup.Settings(node,
                Optional.of(name), mac.map(MacAddresses::parse), true, Portgroup.DEFAULT_MODE, json("{\"miimon\": 100}"),
                JsonDict.empty()), T0));
    }

    @Test
    default void aPortgroupRoundTripsByUuidNameAndAddress() {
        Node node = createNode("n");
        Portgroup created = createPortgroup(node.uuid(), "bond0", Optional.of("52:54:00:aa:00:01"));
        assertThat(created.version()).isEqualTo(1);
        assertThat(store().portgroups().get(created.uuid().toString())).isEqualTo(created);
        assertThat(store().portgroups().get("bond0")).isEqualTo(created);
        assertThat(store().portgroups().findByAddress(MacAddresses.parse("52:54:00:AA:00:01"))).contains(created);
        assertThat(store().portgroups().list(Optional.of(node.uuid()), Listing.first(5)).items()).containsExactly(created);
        assertThatThrownBy(() -> createPortgroup(node.uuid(), "bond0", Optional.empty()))
                .isInstanceOf(DuplicateException.class);
        assertThatThrownBy(() -> createPortgroup(node.uuid(), "bond1", Optional.of("52:54:00:aa:00:01")))
                .isInstanceOf(DuplicateException.class);
        assertThatThrownBy(() -> createPortgroup(UUID.randomUUID(), "bond2", Optional.empty()))
                .isInstanceOf(NotFoundException.class);
        Portgroup renamed = store().portgroups().update(created.with(new Portgroup.Settings(node.uuid(),
                Optional.of("bond9"), Optional.empty(), false, "802.3ad", JsonDict.empty(), JsonDict.empty())), 1);
        assertThat(renamed.version()).isEqualTo(2);
        assertThat(store().portgroups().get("bond9").standalonePortsSupported()).isFalse();
        assertThatThrownBy(() -> store().portgroups().update(created, 1)).isInstanceOf(VersionConflictException.class);
    }

    @Test
    default void portsJoinAndAPortgroupWithPortsStaysPut() {
        Node node = createNode("n");
        Node other = createNode("o");
        Portgroup group = createPortgroup(node.uuid(), "bond0", Optional.empty());
        Port port = createPort(node.uuid(), "52:54:00:00:00:01");
        store().portgroups().assignPort(port.uuid(), Optional.of(group.uuid()));
        assertThat(store().portgroups().portgroupOf(port.uuid())).contains(group.uuid());
        assertThat(store().portgroups().members(group.uuid())).containsExactly(
                new PortgroupStore.Member(port.uuid(), Optional.empty(), true));
        // Port writes leave the membership alone.
        store().ports().update(port.withExtra(json("{\"a\": 1}")), port.version());
        assertThat(store().portgroups().portgroupOf(port.uuid())).contains(group.uuid());

        assertThatThrownBy(() -> store().portgroups().delete(group.uuid())).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("contains ports");
        assertThatThrownBy(() -> store().portgroups().update(group.with(new Portgroup.Settings(other.uuid(),
                group.name(), group.address(), true, group.mode(), group.properties(), group.extra())), 1))
                .isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> store().portgroups().assignPort(port.uuid(), Optional.of(UUID.randomUUID())))
                .isInstanceOf(NotFoundException.class);
        store().portgroups().assignPort(port.uuid(), Optional.empty());
        store().portgroups().delete(group.uuid());
        assertThat(store().portgroups().find(group.uuid().toString())).isEmpty();
    }

    @Test
    default void portgroupsGoWithTheirNode() {
        Node node = createNode("n");
        Portgroup group = createPortgroup(node.uuid(), "bond0", Optional.empty());
        Port port = createPort(node.uuid(), "52:54:00:00:00:01");
        store().portgroups().assignPort(port.uuid(), Optional.of(group.uuid()));
        store().nodes().delete(lock(node.uuid()));
        assertThat(store().portgroups().find(group.uuid().toString())).isEmpty();
    }
}
