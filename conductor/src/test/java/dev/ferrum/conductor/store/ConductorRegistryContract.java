package dev.ferrum.conductor.store;

import dev.ferrum.conductor.cluster.ConductorRecord;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.store.IntrospectionDataKind;
import dev.ferrum.conductor.node.Node;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

import static dev.ferrum.conductor.store.StoreFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Conductor registration and heartbeats; introspection data (small enough to share the file). */
interface ConductorRegistryContract extends StoreFixture {

    @Test
    default void conductorsRegisterHeartbeatAndGoAway() {
        ConductorRecord a = store().conductors().register(CONDUCTOR_A, List.of("ipmi", "redfish"), "rack1");
        store().conductors().register(CONDUCTOR_B, List.of("ipmi"), "");

        assertThat(a.online()).isTrue();
        assertThat(a.updatedAt()).isEqualTo(T0);
        assertThat(store().conductors().listAlive(Duration.ofSeconds(60))).extracting(ConductorRecord::hostname)
                .containsExactly(CONDUCTOR_A, CONDUCTOR_B);

        clock().advance(Duration.ofSeconds(45));
        store().conductors().heartbeat(CONDUCTOR_A);
        clock().advance(Duration.ofSeconds(30));

        assertThat(store().conductors().listAlive(Duration.ofSeconds(60))).extracting(ConductorRecord::hostname)
                .containsExactly(CONDUCTOR_A);
        assertThat(store().conductors().find(CONDUCTOR_A).orElseThrow().updatedAt()).isEqualTo(T0.plusSeconds(45));

        store().conductors().unregister(CONDUCTOR_A);

        assertThat(store().conductors().listAlive(Duration.ofSeconds(60))).isEmpty();
        assertThat(store().conductors().list()).extracting(ConductorRecord::online).containsExactly(false, true);
        assertThatThrownBy(() -> store().conductors().heartbeat(CONDUCTOR_A)).isInstanceOf(NotFoundException.class)
                .hasMessageContaining("register it again");
        assertThatThrownBy(() -> store().conductors().unregister("ghost")).isInstanceOf(NotFoundException.class);
    }

    @Test
    default void reRegisteringKeepsTheFirstRegistration() {
        store().conductors().register(CONDUCTOR_A, List.of("ipmi"), "");
        store().conductors().unregister(CONDUCTOR_A);
        clock().advance(Duration.ofMinutes(5));

        ConductorRecord again = store().conductors().register(CONDUCTOR_A, List.of("redfish"), "rack2");

        assertThat(again.online()).isTrue();
        assertThat(again.createdAt()).isEqualTo(T0);
        assertThat(again.updatedAt()).isEqualTo(T0.plusSeconds(300));
        assertThat(again.drivers()).containsExactly("redfish");
        assertThat(again.conductorGroup()).isEqualTo("rack2");
        assertThat(again.isAlive(clock().instant(), Duration.ofSeconds(1))).isTrue();
    }

    @Test
    default void introspectionDataIsKeptPerNodeAndKind() {
        Node node = createNode("inspected");

        store().introspection().save(node.uuid(), IntrospectionDataKind.UNPROCESSED, json("{\"inventory\": {}}"));
        store().introspection().save(node.uuid(), IntrospectionDataKind.PROCESSED, json("{\"cpus\": 2}"));
        store().introspection().save(node.uuid(), IntrospectionDataKind.PROCESSED, json("{\"cpus\": 4}"));

        assertThat(store().introspection().load(node.uuid(), IntrospectionDataKind.PROCESSED))
                .contains(json("{\"cpus\": 4}"));
        assertThat(store().introspection().load(node.uuid(), IntrospectionDataKind.UNPROCESSED))
                .contains(json("{\"inventory\": {}}"));
        assertThat(store().introspection().load(createNode("other").uuid(), IntrospectionDataKind.PROCESSED)).isEmpty();
        UUID missing = UUID.randomUUID();
        assertThatThrownBy(() -> store().introspection().save(missing, IntrospectionDataKind.PROCESSED, json("{}")))
                .isInstanceOf(NotFoundException.class);
    }
}
