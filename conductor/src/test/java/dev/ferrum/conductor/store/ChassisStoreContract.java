package dev.ferrum.conductor.store;

import static dev.ferrum.conductor.store.StoreFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.chassis.Chassis;
import dev.ferrum.conductor.error.DuplicateException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.error.VersionConflictException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Chassis: CRUD, paging in any sort order, node membership, and no deletion while it holds nodes. */
interface ChassisStoreContract extends StoreFixture {

    default Chassis createChassis(String description) {
        return store().chassis().create(Chassis.create(UUID.randomUUID(), Optional.of(description), JsonDict.empty(),
                T0));
    }

    @Test
    default void aChassisRoundTripsAndUpdatesAreVersioned() {
        clock().advance(Duration.ofSeconds(3));
        Chassis created = store().chassis().create(Chassis.create(UUID.randomUUID(), Optional.of("rack"),
                json("{\"row\": 4}"), T0));
        assertThat(created.version()).isEqualTo(1);
        assertThat(created.createdAt()).isEqualTo(T0.plusSeconds(3));
        assertThat(store().chassis().get(created.uuid())).isEqualTo(created);

        Chassis updated = store().chassis().update(created.withDescription(Optional.empty()), 1);
        assertThat(updated.version()).isEqualTo(2);
        assertThat(updated.updatedAt()).isPresent();
        assertThat(store().chassis().get(created.uuid()).description()).isEmpty();
        assertThatThrownBy(() -> store().chassis().update(created, 1)).isInstanceOf(VersionConflictException.class);
        assertThatThrownBy(() -> store().chassis().create(created)).isInstanceOf(DuplicateException.class);
    }

    @Test
    default void listingsPageInTheAskedOrder() {
        for (String d : List.of("b", "d", "a", "c", "e")) {
            createChassis(d);
            clock().advance(Duration.ofSeconds(1));
        }
        List<String> byCreation = new ArrayList<>();
        store().chassis().list(Listing.first(10)).items().forEach(c -> byCreation.add(c.description().get()));
        assertThat(byCreation).containsExactly("b", "d", "a", "c", "e");

        List<String> seen = new ArrayList<>();
        Listing listing = new Listing(2, Optional.empty(), "description", SortDirection.DESC);
        while (true) {
            Page<Chassis> page = store().chassis().list(listing);
            page.items().forEach(c -> seen.add(c.description().get()));
            if (page.nextMarker().isEmpty()) {
                break;
            }
            listing = listing.after(page.nextMarker().get());
        }
        assertThat(seen).containsExactly("e", "d", "c", "b", "a");
        assertThatThrownBy(() -> store().chassis().list(new Listing(2, Optional.empty(), "extra", SortDirection.ASC)))
                .isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> store().chassis().list(Listing.first(2).after(UUID.randomUUID())))
                .isInstanceOf(NotFoundException.class).hasMessageStartingWith("Chassis ");
    }

    @Test
    default void aChassisHoldingNodesCannotBeDeleted() {
        Chassis chassis = createChassis("rack");
        Node node = createNode("member");
        store().chassis().assign(node.uuid(), Optional.of(chassis.uuid()));
        assertThat(store().chassis().chassisOf(node.uuid())).contains(chassis.uuid());
        assertThat(store().chassis().nodesIn(chassis.uuid())).containsExactly(node.uuid());

        assertThatThrownBy(() -> store().chassis().delete(chassis.uuid()))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("contains nodes");
        store().chassis().assign(node.uuid(), Optional.empty());
        store().chassis().delete(chassis.uuid());
        assertThat(store().chassis().find(chassis.uuid())).isEmpty();
        assertThatThrownBy(() -> store().chassis().delete(chassis.uuid())).isInstanceOf(NotFoundException.class);
    }

    @Test
    default void aNodeCanOnlyJoinAnExistingChassisAndLeavesWithItsDeletion() {
        Node node = createNode("member");
        assertThatThrownBy(() -> store().chassis().assign(node.uuid(), Optional.of(UUID.randomUUID())))
                .isInstanceOf(NotFoundException.class);
        Chassis chassis = createChassis("rack");
        store().chassis().assign(node.uuid(), Optional.of(chassis.uuid()));
        // Other node writes leave the membership alone.
        store().locks().withLock(node.uuid(), CONDUCTOR_A, lock -> store().nodes().update(lock, node.version(),
                b -> b.extra(json("{\"x\": 1}"))));
        assertThat(store().chassis().chassisOf(node.uuid())).contains(chassis.uuid());
        store().nodes().delete(lock(node.uuid()));
        assertThat(store().chassis().nodesIn(chassis.uuid())).isEmpty();
        store().chassis().delete(chassis.uuid());
    }
}
