package dev.ferrum.conductor.store;

import static dev.ferrum.conductor.store.StoreFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.allocation.Allocation;
import dev.ferrum.conductor.allocation.AllocationRequirements;
import dev.ferrum.conductor.error.DuplicateException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Allocations: every Ironic field and Ferrum's sizes round-trip, names and uuids are unique, they go with their node. */
interface AllocationStoreContract extends StoreFixture {

    private static AllocationRequirements wants() {
        return new AllocationRequirements("baremetal-gold", List.of("CUSTOM_GPU", "HW_CPU_X86_VMX"),
                List.of("node-a", "7f1c7d5e-52c3-4c3e-9d1b-2d7a3c1f0e11"), Optional.of(8L), Optional.of(65536L),
                Optional.empty(), false);
    }

    private Allocation requested(Optional<String> name) {
        return Allocation.requested(UUID.randomUUID(), name, wants(), json("{\"purpose\": \"ci\", \"n\": [1, 2]}"),
                Optional.of("project-7"), clock().instant());
    }

    @Test
    default void anAllocationRoundTripsWithEveryField() {
        Allocation created = store().allocations().create(requested(Optional.of("alloc-1")));

        Allocation read = store().allocations().find(created.uuid()).orElseThrow();
        assertThat(read).isEqualTo(created);
        assertThat(read.state()).isEqualTo(Allocation.State.ALLOCATING);
        assertThat(read.requirements().traits()).containsExactly("CUSTOM_GPU", "HW_CPU_X86_VMX");
        assertThat(read.requirements().candidateNodes()).containsExactly("node-a",
                "7f1c7d5e-52c3-4c3e-9d1b-2d7a3c1f0e11");
        assertThat(read.requirements().memoryMb()).contains(65536L);
        assertThat(read.requirements().localGb()).isEmpty();
        assertThat(read.owner()).contains("project-7");
        assertThat(read.extra()).isEqualTo(json("{\"purpose\": \"ci\", \"n\": [1, 2]}"));
        assertThat(read.createdAt()).isEqualTo(T0);
        assertThat(read.updatedAt()).isEmpty();
        assertThat(store().allocations().findByIdent("alloc-1")).contains(created);
        assertThat(store().allocations().findByIdent(created.uuid().toString())).contains(created);
    }

    @Test
    default void grantingAndFailingAreStoredAndFoundByNode() {
        Node node = createNode("held");
        Allocation created = store().allocations().create(requested(Optional.empty()));
        clock().advance(Duration.ofSeconds(3));

        Allocation granted = store().allocations().update(created.granted(node.uuid(), clock().instant()));

        assertThat(store().allocations().find(created.uuid())).contains(granted);
        assertThat(granted.updatedAt()).contains(T0.plusSeconds(3));
        assertThat(store().allocations().findByNode(node.uuid())).contains(granted);

        Allocation failed = store().allocations().update(granted.failed("no node fits", clock().instant()));
        Allocation read = store().allocations().find(created.uuid()).orElseThrow();
        assertThat(read).isEqualTo(failed);
        assertThat(read.state()).isEqualTo(Allocation.State.ERROR);
        assertThat(read.nodeUuid()).isEmpty();
        assertThat(read.lastError()).contains("no node fits");
        assertThat(store().allocations().findByNode(node.uuid())).isEmpty();
    }

    @Test
    default void uuidsAndNamesAreUniqueAndARefusalChangesNothing() {
        Allocation first = store().allocations().create(requested(Optional.of("only")));

        assertThatThrownBy(() -> store().allocations().create(requested(Optional.of("only"))))
                .isInstanceOf(DuplicateException.class).hasMessageContaining("name only");
        Allocation sameUuid = new Allocation(first.uuid(), Optional.of("other"), wants(), Allocation.State.ALLOCATING,
                Optional.empty(), Optional.empty(), JsonDict.empty(), Optional.empty(), T0, Optional.empty());
        assertThatThrownBy(() -> store().allocations().create(sameUuid))
                .isInstanceOf(DuplicateException.class).hasMessageContaining(first.uuid().toString());
        assertThat(store().allocations().list()).containsExactly(first);
    }

    @Test
    default void listingIsInUuidOrderAndDeletingRemovesOne() {
        Allocation a = store().allocations().create(requested(Optional.of("a")));
        Allocation b = store().allocations().create(requested(Optional.of("b")));
        Allocation c = store().allocations().create(requested(Optional.empty()));

        assertThat(store().allocations().list()).extracting(Allocation::uuid)
                .containsExactlyElementsOf(List.of(a, b, c).stream().map(Allocation::uuid)
                        .sorted(java.util.Comparator.comparing(UUID::toString)).toList());

        store().allocations().delete(b.uuid());
        assertThat(store().allocations().list()).containsExactlyInAnyOrder(a, c);
        assertThat(store().allocations().findByIdent("b")).isEmpty();
        assertThatThrownBy(() -> store().allocations().delete(b.uuid())).isInstanceOf(NotFoundException.class);
    }

    @Test
    default void anAllocationGoesWithItsNode() {
        Node node = createNode("doomed");
        Allocation created = store().allocations().create(requested(Optional.empty()));
        store().allocations().update(created.granted(node.uuid(), clock().instant()));

        store().nodes().delete(lock(node.uuid()));

        assertThat(store().allocations().find(created.uuid())).isEmpty();
    }

    @Test
    default void anotherConductorSeesTheAllocation() {
        Allocation created = store().allocations().create(requested(Optional.of("shared")));

        assertThat(openAnotherStore().allocations().findByIdent("shared")).contains(created);
    }
}
