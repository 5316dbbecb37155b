package dev.ferrum.conductor.store;

import dev.ferrum.conductor.error.DuplicateException;
import dev.ferrum.conductor.error.InvalidInputException;
import dev.ferrum.conductor.error.NodeLockedException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.error.VersionConflictException;
import dev.ferrum.conductor.node.AgentToken;
import dev.ferrum.conductor.node.InterfaceKind;
import dev.ferrum.conductor.node.InternalState;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeInterfaces;
import dev.ferrum.conductor.node.PowerState;
import dev.ferrum.conductor.port.MacAddresses;
import dev.ferrum.conductor.state.ProvisionEvent;
import dev.ferrum.conductor.state.ProvisionState;
import dev.ferrum.conductor.store.IntrospectionDataKind;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

import static dev.ferrum.conductor.store.StoreFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Node CRUD, lookups and optimistic updates, for every store implementation. */
interface NodeStoreContract extends StoreFixture {

    @Test
    default void aNodeRoundTripsWithEveryField() {
        clock().advance(Duration.ofSeconds(7));
        UUID instance = UUID.randomUUID();
        Node node = newNode()
                .name("node-1")
                .interfaces(NodeInterfaces.allOf("fake").with(InterfaceKind.BOOT, "ipxe"))
                .driverInfo(json("{\"ipmi_address\": \"10.0.0.9\", \"ipmi_password\": \"hunter2\"}"))
                .properties(json("{\"cpus\": 2, \"memory_mb\": 2048, \"local_gb\": 10, \"root_device\": null}"))
                .instanceInfo(json("{\"image_source\": \"http://img/x.qcow2\", \"nested\": {\"list\": [1, \"two\"]}}"))
                .instanceUuid(instance)
                .internal(InternalState.empty()
                        .withAgentToken(new AgentToken("tok", true))
                        .withHeartbeat(URI.create("http://10.0.0.20:9999"), "9.4.3", T0.plusSeconds(3))
                        .withWaitDeadline(Optional.of(T0.plusSeconds(1800))))
                .provisionState(ProvisionState.DEPLOY_WAIT)
                .targetProvisionState(ProvisionState.ACTIVE)
                .powerState(PowerState.POWER_ON)
                .targetPowerState(PowerState.POWER_OFF)
                .maintenance(true)
                .maintenanceReason("disk swap")
                .lastError("none really")
                .resourceClass("baremetal-large")
                .traits(List.of("CUSTOM_GPU", "HW_CPU_X86_VMX"))
                .extra(json("{\"rack\": \"r1\"}"))
                .conductorGroup("rack1")
                .automatedClean(Optional.of(false))
                .inspectionStartedAt(T0.plusMillis(1))
                .inspectionFinishedAt(T0.plusMillis(2))
                .provisionUpdatedAt(T0.plusMillis(3))
                .conductorAffinity(CONDUCTOR_A)
                .build();

        Node created = store().nodes().create(node);

        assertThat(created.version()).isEqualTo(1);
        assertThat(created.createdAt()).as("stamped by the store's clock").isEqualTo(T0.plusSeconds(7));
        assertThat(created.updatedAt()).isEmpty();
        assertThat(created.reservation()).isEmpty();
        assertThat(store().nodes().get(node.uuid())).isEqualTo(created);
        assertThat(openAnotherStore().nodes().get(node.uuid())).as("seen by another conductor").isEqualTo(created);
    }

    @Test
    default void uuidsNamesAndInstancesAreUnique() {
        Node first = store().nodes().create(newNode().name("dup").instanceUuid(UUID.fromString(
                "11111111-2222-3333-4444-555555555555")).build());

        assertThatThrownBy(() -> store().nodes().create(newNode().uuid(first.uuid()).build()))
                .isInstanceOf(DuplicateException.class).hasMessageContaining(first.uuid().toString());
        assertThatThrownBy(() -> store().nodes().create(newNode().name("dup").build()))
                .isInstanceOf(DuplicateException.class).hasMessageContaining("dup").hasMessageContaining(first.uuid().toString());
        assertThatThrownBy(() -> store().nodes().create(newNode().instanceUuid(first.instanceUuid().orElseThrow()).build()))
                .isInstanceOf(DuplicateException.class).hasMessageContaining("dup");
        assertThat(store().nodes().list(NodeQuery.all()).items()).hasSize(1);
    }

    @Test
    default void unknownNodesAreNotFound() {
        UUID missing = UUID.randomUUID();

        assertThatThrownBy(() -> store().nodes().get(missing)).isInstanceOf(NotFoundException.class)
                .hasMessage("Node " + missing + " could not be found.");
        assertThat(store().nodes().find(missing)).isEmpty();
        assertThatThrownBy(() -> store().nodes().getByIdent("nope")).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> store().locks().acquire(missing, CONDUCTOR_A)).isInstanceOf(NotFoundException.class);
    }

    @Test
    default void nodesAreFoundByUuidNameMacBmcAndInstance() {
        UUID instance = UUID.randomUUID();
        Node a = store().nodes().create(newNode().name("a").instanceUuid(instance)
                .driverInfo(json("{\"redfish_address\": \"https://10.1.0.7:8000\"}")).build());
        Node b = createNode("b");
        createPort(a.uuid(), "52:54:00:00:00:01");
        createPort(a.uuid(), "52:54:00:00:00:02");
        createPort(b.uuid(), "52:54:00:00:00:03");

        assertThat(store().nodes().getByIdent("a")).isEqualTo(a);
        assertThat(store().nodes().getByIdent(a.uuid().toString())).isEqualTo(a);
        assertThat(store().nodes().findByPortAddress(MacAddresses.parse("52:54:00:00:00:02"))).contains(a);
        assertThat(store().nodes().findByPortAddress(MacAddresses.parse("52:54:00:00:00:09"))).isEmpty();
        assertThat(store().nodes().findByPortAddresses(List.of(MacAddresses.parse("52:54:00:00:00:01"),
                MacAddresses.parse("52:54:00:00:00:02")))).containsExactly(a);
        assertThat(store().nodes().findByPortAddresses(List.of(MacAddresses.parse("52:54:00:00:00:01"),
                MacAddresses.parse("52:54:00:00:00:03")))).containsExactlyInAnyOrder(a, b);
        assertThat(store().nodes().findByBmcAddress("10.1.0.7")).containsExactly(a);
        assertThat(store().nodes().findByInstanceUuid(instance)).contains(a);
    }

    @Test
    default void anUpdateNeedsTheLockAndTheVersionItRead() {
        Node node = createNode("n");
        NodeLock lock = lock(node.uuid());
        clock().advance(Duration.ofMinutes(1));

        Node updated = store().nodes().update(lock, 1, n -> n.maintenance(true).maintenanceReason("fan")
                .driverInfo(json("{\"ipmi_address\": \"10.0.0.1\"}")));

        assertThat(updated.version()).isEqualTo(2);
        assertThat(updated.updatedAt()).contains(T0.plusSeconds(60));
        assertThat(updated.reservation()).contains(CONDUCTOR_A);
        assertThat(store().nodes().get(node.uuid())).isEqualTo(updated);
        assertThat(store().nodes().findByBmcAddress("10.0.0.1")).containsExactly(updated);

        assertThatThrownBy(() -> store().nodes().update(lock, 1, n -> n.maintenance(false)))
                .isInstanceOf(VersionConflictException.class)
                .hasMessageContaining("expected version 1, found 2");
        store().locks().release(lock);
        assertThatThrownBy(() -> store().nodes().update(lock, 2, n -> n.maintenance(false)))
                .isInstanceOf(NodeLockedException.class);
        NodeLock other = store().locks().acquire(node.uuid(), CONDUCTOR_B);
        assertThatThrownBy(() -> store().nodes().update(lock, 2, n -> n.maintenance(false)))
                .isInstanceOf(NodeLockedException.class).hasMessageContaining(CONDUCTOR_A);
        assertThat(store().nodes().get(node.uuid()).maintenance()).isTrue();
        assertThat(store().nodes().update(other, 2, n -> n.maintenance(false)).version()).isEqualTo(3);
    }

    @Test
    default void anUpdateCannotChangeTheProvisionStateOrTakeANameInUse() {
        Node node = createNode("first");
        createNode("second");
        NodeLock lock = lock(node.uuid());

        assertThatThrownBy(() -> store().nodes().update(lock, 1, n -> n.provisionState(ProvisionState.ACTIVE)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("transition");
        assertThatThrownBy(() -> store().nodes().update(lock, 1, n -> n.name("second")))
                .isInstanceOf(DuplicateException.class).hasMessageContaining("second");
        assertThat(store().nodes().update(lock, 1, n -> n.name("renamed")).name()).contains("renamed");
    }

    @Test
    default void deletingANodeTakesItsPortsHistoryAndDataAlong() {
        Node node = createNode("doomed");
        createPort(node.uuid(), "52:54:00:00:00:aa");
        NodeLock lock = lock(node.uuid());
        store().transition(lock, 1, ProvisionState.ENROLL, ProvisionEvent.MANAGE, NodeMutation.none());
        store().introspection().save(node.uuid(), IntrospectionDataKind.PROCESSED, json("{\"cpus\": 4}"));

        store().nodes().delete(lock);

        assertThat(store().nodes().find(node.uuid())).isEmpty();
        assertThat(store().ports().findByAddress(MacAddresses.parse("52:54:00:00:00:aa"))).isEmpty();
        assertThat(store().history().list(node.uuid())).isEmpty();
        assertThat(store().introspection().load(node.uuid(), IntrospectionDataKind.PROCESSED)).isEmpty();
        createPort(createNode("reuse").uuid(), "52:54:00:00:00:aa");
    }

    @Test
    default void deletingNeedsTheLock() {
        Node node = createNode("kept");
        NodeLock lock = lock(node.uuid());
        store().locks().release(lock);

        assertThatThrownBy(() -> store().nodes().delete(lock)).isInstanceOf(NodeLockedException.class);
        assertThat(store().nodes().find(node.uuid())).isPresent();
    }

    @Test
    default void theSweeperFindsNodesPastTheirDeadline() {
        Node late = store().nodes().create(newNode().provisionState(ProvisionState.DEPLOY_WAIT)
                .internal(InternalState.empty().withWaitDeadline(Optional.of(T0.plusSeconds(10)))).build());
        store().nodes().create(newNode().provisionState(ProvisionState.CLEAN_WAIT)
                .internal(InternalState.empty().withWaitDeadline(Optional.of(T0.plusSeconds(100)))).build());
        createNode("idle");
        store().nodes().create(newNode().provisionState(ProvisionState.ACTIVE).name("left-over")
                .internal(InternalState.empty().withWaitDeadline(Optional.of(T0.plusSeconds(10)))).build());

        assertThat(store().nodes().findPastDeadline(T0.plusSeconds(50))).extracting(Node::uuid)
                .containsExactly(late.uuid());
        assertThat(store().nodes().findPastDeadline(T0.plusSeconds(1000))).hasSize(2);
        assertThat(store().nodes().findPastDeadline(Instant.EPOCH)).isEmpty();
    }

    @Test
    default void listingsFilter() {
        store().nodes().create(newNode().name("m").maintenance(true).resourceClass("gpu").build());
        store().nodes().create(newNode().name("d").driver("redfish").conductorAffinity(CONDUCTOR_B).build());
        store().nodes().create(newNode().name("a").provisionState(ProvisionState.AVAILABLE).resourceClass("gpu").build());

        assertThat(names(NodeQuery.all())).containsExactlyInAnyOrder("m", "d", "a");
        assertThat(names(NodeQuery.all().withMaintenance(true))).containsExactly("m");
        assertThat(names(NodeQuery.all().withMaintenance(false))).containsExactlyInAnyOrder("d", "a");
        assertThat(names(NodeQuery.all().withResourceClass("gpu"))).containsExactlyInAnyOrder("m", "a");
        assertThat(names(NodeQuery.all().withDriver("redfish"))).containsExactly("d");
        assertThat(names(NodeQuery.all().withConductorAffinity(CONDUCTOR_B))).containsExactly("d");
        assertThat(names(NodeQuery.all().withProvisionState(ProvisionState.AVAILABLE))).containsExactly("a");
        assertThat(names(NodeQuery.all().withProvisionState(ProvisionState.AVAILABLE).withResourceClass("other")))
                .isEmpty();
    }

    @Test
    default void markerPaginationWalksEveryNodeOnceInOrder() {
        // Mixed case and missing names: both engines must order them the same, bytewise.
        List<String> names = List.of("b", "B", "a", "A", "_x", "z9");
        names.forEach(this::createNode);
        store().nodes().create(newNode().build());
        store().nodes().create(newNode().build());

        assertThat(walk(NodeQuery.all().sortedBy(NodeSortKey.NAME, SortDirection.ASC).withLimit(3)))
                .containsExactly("", "", "A", "B", "_x", "a", "b", "z9");
        assertThat(walk(NodeQuery.all().sortedBy(NodeSortKey.NAME, SortDirection.DESC).withLimit(2)))
                .containsExactly("z9", "b", "a", "_x", "B", "A", "", "");
        List<UUID> byUuid = store().nodes().list(NodeQuery.all()).items().stream().map(Node::uuid).toList();
        assertThat(byUuid).isSortedAccordingTo((x, y) -> x.toString().compareTo(y.toString())).hasSize(8);
        Page<Node> first = store().nodes().list(NodeQuery.all().withLimit(5));
        assertThat(first.nextMarker()).contains(byUuid.get(4));
        Page<Node> last = store().nodes().list(NodeQuery.all().withLimit(5).after(first.nextMarker().orElseThrow()));
        assertThat(last.items()).extracting(Node::uuid).containsExactlyElementsOf(byUuid.subList(5, 8));
        assertThat(last.nextMarker()).isEmpty();
        assertThatThrownBy(() -> store().nodes().list(NodeQuery.all().after(UUID.randomUUID())))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("Marker");
    }

    @Test
    default void sortingByTimesUsesTheStoresClock() {
        createNode("old");
        clock().advance(Duration.ofSeconds(1));
        createNode("new");

        assertThat(names(NodeQuery.all().sortedBy(NodeSortKey.CREATED_AT, SortDirection.DESC))).containsExactly("new", "old");
        assertThat(names(NodeQuery.all().sortedBy(NodeSortKey.UPDATED_AT, SortDirection.ASC))).hasSize(2);
    }

    private List<String> names(NodeQuery query) {
        return store().nodes().list(query).items().stream().map(n -> n.name().orElse("")).toList();
    }

    private List<String> walk(NodeQuery query) {
        List<String> seen = new java.util.ArrayList<>();
        Page<Node> page = store().nodes().list(query);
        while (true) {
            page.items().forEach(n -> seen.add(n.name().orElse("")));
            if (page.nextMarker().isEmpty()) {
                return seen;
            }
            page = store().nodes().list(query.after(page.nextMarker().get()));
        }
    }
}
