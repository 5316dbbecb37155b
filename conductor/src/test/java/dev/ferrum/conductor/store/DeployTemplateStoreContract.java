package dev.ferrum.conductor.store;

import static dev.ferrum.conductor.store.StoreFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferrum.conductor.error.DuplicateException;
import dev.ferrum.conductor.error.NotFoundException;
import dev.ferrum.conductor.error.VersionConflictException;
import dev.ferrum.conductor.json.JsonDict;
import dev.ferrum.conductor.template.DeployStep;
import dev.ferrum.conductor.template.DeployTemplate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Deploy templates: steps survive the round trip in order, names are unique, updates are versioned. */
interface DeployTemplateStoreContract extends StoreFixture {
    DeployStep BIOS = new DeployStep("bios", "apply_configuration", json("{\"settings\": [{\"name\": \"x\"}]}"), 150);
    DeployStep RAID = new DeployStep("raid", "delete_configuration", JsonDict.empty(), 0);

    @Test
    default void aTemplateRoundTripsByUuidAndName() {
        DeployTemplate created = store().deployTemplates().create(DeployTemplate.create(UUID.randomUUID(),
                "CUSTOM_A", List.of(RAID, BIOS), json("{\"k\": 1}"), T0));
        assertThat(created.version()).isEqualTo(1);
        assertThat(store().deployTemplates().get(created.uuid().toString())).isEqualTo(created);
        assertThat(store().deployTemplates().get("CUSTOM_A")).isEqualTo(created);
        assertThat(created.steps()).containsExactly(RAID, BIOS);
        assertThat(store().deployTemplates().find("CUSTOM_B")).isEmpty();
    }

    @Test
    default void namesAreUniqueAndUpdatesVersioned() {
        DeployTemplate a = store().deployTemplates().create(DeployTemplate.create(UUID.randomUUID(), "CUSTOM_A",
                List.of(BIOS), JsonDict.empty(), T0));
        DeployTemplate b = store().deployTemplates().create(DeployTemplate.create(UUID.randomUUID(), "CUSTOM_B",
                List.of(BIOS), JsonDict.empty(), T0));
        assertThatThrownBy(() -> store().deployTemplates().create(DeployTemplate.create(UUID.randomUUID(), "CUSTOM_A",
                List.of(BIOS), JsonDict.empty(), T0))).isInstanceOf(DuplicateException.class);
        assertThatThrownBy(() -> store().deployTemplates().update(b.with("CUSTOM_A", b.steps(), b.extra()), 1))
                .isInstanceOf(DuplicateException.class);
        DeployTemplate renamed = store().deployTemplates().update(a.with("CUSTOM_C", List.of(RAID), a.extra()), 1);
        assertThat(renamed.version()).isEqualTo(2);
        assertThat(renamed.updatedAt()).isPresent();
        assertThat(store().deployTemplates().get("CUSTOM_C").steps()).containsExactly(RAID);
        assertThatThrownBy(() -> store().deployTemplates().update(a, 1)).isInstanceOf(VersionConflictException.class);
        store().deployTemplates().delete(a.uuid());
        assertThatThrownBy(() -> store().deployTemplates().delete(a.uuid())).isInstanceOf(NotFoundException.class);
        Page<DeployTemplate> page = store().deployTemplates().list(new Listing(5, Optional.empty(), "name",
                SortDirection.ASC));
        assertThat(page.items()).extracting(DeployTemplate::name).containsExactly("CUSTOM_B");
    }
}
