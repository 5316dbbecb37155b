package dev.ferrum.hardware.generic.erase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferrum.protocol.inventory.Disk;
import java.io.IOException;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EraseOptionsTest {
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void readsTheKnobsIronicSentInARealCleaning() throws IOException {
        JsonNode node = json.readTree(Fixtures.text("ipa-clean-node.json"));

        EraseOptions options = EraseOptions.fromNode(node);

        assertThat(options).isEqualTo(new EraseOptions(1, true, true, true, false, false, 4, SkipList.EMPTY));
    }

    @Test
    void absentKeysTakeIpaDefaults() throws IOException {
        assertThat(EraseOptions.fromNode(json.readTree("{}"))).isEqualTo(EraseOptions.DEFAULTS);
        assertThat(EraseOptions.DEFAULTS.concurrency()).isEqualTo(1);
        assertThat(EraseOptions.DEFAULTS.randomPasses()).isEqualTo(1);
        assertThat(EraseOptions.DEFAULTS.zeroize()).isTrue();
    }

    @Test
    void deprecatedAtaContinueFlagCountsOnlyWhenTheNewOneIsAbsent() throws IOException {
        JsonNode old = json.readTree("{\"driver_internal_info\": {\"agent_continue_if_ata_erase_failed\": true}}");
        JsonNode both = json.readTree("{\"driver_internal_info\": {\"agent_continue_if_ata_erase_failed\": true,"
                + " \"agent_continue_if_secure_erase_failed\": false}}");

        assertThat(EraseOptions.fromNode(old).continueIfSecureEraseFailed()).isTrue();
        assertThat(EraseOptions.fromNode(both).continueIfSecureEraseFailed()).isFalse();
    }

    @Test
    void skipBlockDevicesComeFromProperties() throws IOException {
        ObjectNode node = (ObjectNode) json.readTree(
                "{\"properties\": {\"skip_block_devices\": [{\"name\": \"/dev/sdb\"}, {\"volume_name\": \"data\"}]}}");

        SkipList skip = EraseOptions.fromNode(node).skipList();

        assertThat(skip.match(Disk.of("/dev/sdb", 1, false), Set.of())).isPresent();
        assertThat(skip.match(Disk.of("/dev/sdc", 1, false), Set.of("data"))).isPresent();
        assertThat(skip.match(Disk.of("/dev/sdc", 1, false), Set.of())).isEmpty();
    }

    @Test
    void invalidValuesFailBeforeAnyDiskIsTouched() {
        assertThatThrownBy(() -> EraseOptions.fromNode(json.readTree(
                "{\"driver_internal_info\": {\"agent_erase_devices_iterations\": \"many\"}}")))
                .isInstanceOf(DiskEraseException.class).hasMessageContaining("agent_erase_devices_iterations");
        assertThatThrownBy(() -> EraseOptions.fromNode(json.readTree(
                "{\"driver_internal_info\": {\"agent_erase_devices_iterations\": 0,"
                        + " \"agent_erase_devices_zeroize\": false}}")))
                .isInstanceOf(DiskEraseException.class).hasMessageContaining("overwrite nothing");
        assertThatThrownBy(() -> EraseOptions.fromNode(json.readTree(
                "{\"properties\": {\"skip_block_devices\": [{\"colour\": \"red\"}]}}")))
                .isInstanceOf(DiskEraseException.class).hasMessageContaining("colour");
        assertThatThrownBy(() -> EraseOptions.fromNode(json.readTree(
                "{\"properties\": {\"skip_block_devices\": [{}]}}")))
                .isInstanceOf(DiskEraseException.class).hasMessageContaining("every disk");
        assertThatThrownBy(() -> EraseOptions.fromNode(json.readTree(
                "{\"driver_internal_info\": {\"disk_erasure_concurrency\": 0}}")))
                .isInstanceOf(DiskEraseException.class).hasMessageContaining("disk_erasure_concurrency");
    }

    @Test
    void stringFlagsAreAcceptedAsIronicMayStoreThem() throws IOException {
        JsonNode node = json.readTree("{\"driver_internal_info\": {\"agent_erase_devices_zeroize\": \"False\","
                + " \"agent_erase_devices_iterations\": \"3\"}}");

        EraseOptions options = EraseOptions.fromNode(node);

        assertThat(options.zeroize()).isFalse();
        assertThat(options.randomPasses()).isEqualTo(3);
    }

    @Test
    void nameHintMatchesWithOrWithoutDevPrefix() {
        assertThat(SkipHint.ofName("sda").matches(Disk.of("/dev/sda", 1, false), Set.of())).isTrue();
        assertThat(SkipHint.ofName("/dev/sda").matches(Disk.of("/dev/sda", 1, false), Set.of())).isTrue();
        assertThat(SkipHint.ofName("sda").matches(Disk.of("/dev/sdb", 1, false), Set.of())).isFalse();
        assertThat(SkipHint.ofName("sda").toString()).isEqualTo("{name: \"s== /dev/sda\"}");
    }
}
