package dev.ferrum.conductor.store;

import static dev.ferrum.conductor.store.StoreFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.bios.BiosSetting;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.node.Node;
import dev.ferrum.conductor.node.NodeHardware;
import dev.ferrum.conductor.port.Port;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Ports' internal_info, nodes' hardware state and BIOS settings: they round-trip and go with their node. */
interface NodeSubresourceStoreContract extends StoreFixture {

    @Test
    default void aPortsInternalInfoStartsEmptyAndIsKeptApartFromItsFields() {
        Node node = createNode("vifs");
        Port port = createPort(node.uuid(), "52:54:00:00:00:01");
        assertThat(store().portInternalInfo().get(port.uuid())).isEqualTo(JsonDict.empty());

        store().portInternalInfo().set(port.uuid(), json("{\"tenant_vif_port_id\": \"vif-1\"}"));
        assertThat(store().portInternalInfo().get(port.uuid()).string("tenant_vif_port_id")).contains("vif-1");
        assertThat(store().portInternalInfo().byNode(node.uuid())).containsOnlyKeys(port.uuid());
        // A port update by its owner leaves the conductor's record alone.
        Port current = store().ports().get(port.uuid());
        store().ports().update(current.withPxeEnabled(false), current.version());
        assertThat(store().portInternalInfo().get(port.uuid()).string("tenant_vif_port_id")).contains("vif-1");
        assertThatThrownBy(() -> store().portInternalInfo().set(UUID.randomUUID(), JsonDict.empty()))
                .isInstanceOf(NotFoundException.class);
    }

    @Test
    default void aNodesHardwareStateIsInitialUntilChangedAndGoesWithTheNode() {
        Node node = createNode("raid");
        assertThat(store().hardware().get(node.uuid())).isEqualTo(NodeHardware.initial());
        JsonDict target = json("{\"logical_disks\": [{\"size_gb\": 10, \"raid_level\": \"1\"}]}");
        store().hardware().update(node.uuid(), h -> h.withTargetRaidConfig(target));
        store().hardware().update(node.uuid(), h -> h.withConsoleEnabled(true));
        NodeHardware read = store().hardware().get(node.uuid());
        assertThat(read.targetRaidConfig()).isEqualTo(target);
        assertThat(read.consoleEnabled()).isTrue();
        assertThat(read.raidConfig()).isEqualTo(JsonDict.empty());
        assertThatThrownBy(() -> store().hardware().update(UUID.randomUUID(), h -> h))
                .isInstanceOf(NotFoundException.class);

        store().nodes().delete(lock(node.uuid()));
        assertThat(store().hardware().get(node.uuid())).isEqualTo(NodeHardware.initial());
    }

    @Test
    default void biosSettingsAreReplacedAsAWholeKeepingCreationTimes() {
        Node node = createNode("bios");
        var registry = new BiosSetting.Registry(Optional.of("Integer"), Optional.of(List.of("a", "b")),
                Optional.of(1L), Optional.of(16L), Optional.of(0L), Optional.of(true), Optional.of(false),
                Optional.of(true), Optional.of(100L));
        BiosSetting kept = new BiosSetting("Kept", Optional.of("1"), registry, T0, Optional.empty());
        BiosSetting changed = new BiosSetting("Changed", Optional.of("old"), BiosSetting.Registry.unknown(), T0,
                Optional.empty());
        BiosSetting dropped = new BiosSetting("Dropped", Optional.empty(), BiosSetting.Registry.unknown(), T0,
                Optional.empty());
        store().bios().replaceAll(node.uuid(), List.of(kept, changed, dropped));
        assertThat(store().bios().find(node.uuid(), "Kept")).contains(kept);
        assertThat(store().bios().list(node.uuid())).extracting(BiosSetting::name)
                .containsExactly("Changed", "Dropped", "Kept");

        clock().advance(Duration.ofSeconds(5));
        store().bios().replaceAll(node.uuid(), List.of(kept, new BiosSetting("Changed", Optional.of("new"),
                BiosSetting.Registry.unknown(), clock().instant(), Optional.empty())));
        BiosSetting now = store().bios().find(node.uuid(), "Changed").orElseThrow();
        assertThat(now.value()).contains("new");
        assertThat(now.createdAt()).isEqualTo(T0);
        assertThat(now.updatedAt()).contains(clock().instant());
        assertThat(store().bios().find(node.uuid(), "Kept").orElseThrow().updatedAt()).isEmpty();
        assertThat(store().bios().find(node.uuid(), "Dropped")).isEmpty();
        assertThatThrownBy(() -> store().bios().replaceAll(UUID.randomUUID(), List.of()))
                .isInstanceOf(NotFoundException.class);
    }

    @Test
    default void firmwareComponentsKeepTheirInitialVersionAndTheLastFlashed() {
        Node node = createNode("firmware");
        store().firmware().record(node.uuid(), "bmc", "2.0.0", false);
        store().firmware().record(node.uuid(), "bios", "1.0.0", false);
        var first = store().firmware().find(node.uuid(), "bmc").orElseThrow();
        assertThat(first.initialVersion()).isEqualTo("2.0.0");
        assertThat(first.lastVersionFlashed()).isEmpty();
        assertThat(first.updatedAt()).isEmpty();

        store().firmware().record(node.uuid(), "bmc", "2.1.0", true);
        store().firmware().record(node.uuid(), "bmc", "2.1.0", false);
        var flashed = store().firmware().find(node.uuid(), "bmc").orElseThrow();
        assertThat(flashed.initialVersion()).isEqualTo("2.0.0");
        assertThat(flashed.currentVersion()).isEqualTo("2.1.0");
        assertThat(flashed.lastVersionFlashed()).contains("2.1.0");
        assertThat(flashed.updatedAt()).isPresent();
        assertThat(store().firmware().list(node.uuid())).extracting(c -> c.component())
                .containsExactly("bios", "bmc");
        assertThatThrownBy(() -> store().firmware().record(UUID.randomUUID(), "bmc", "1", false))
                .isInstanceOf(NotFoundException.class);
    }
}
