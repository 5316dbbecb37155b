package dev.ferrum.hardware.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferrum.protocol.inventory.Disk;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RootDeviceHintsTest {
    private final ObjectMapper json = new ObjectMapper();

    private RootDeviceHints hints(String text) throws Exception {
        return RootDeviceHints.fromJson(json.readTree(text));
    }

    private static Disk disk(String name, long gib, String serial) {
        return new Disk(name, Optional.of("Samsung SSD"), gib << 30, false, Optional.of("0x5000c500a1b2c3d4"),
                Optional.of(serial), Optional.of("ATA"), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    @Test
    void absentHintsMatchEveryDisk() {
        assertThat(RootDeviceHints.fromJson(null).isEmpty()).isTrue();
        assertThat(RootDeviceHints.NONE.matches(disk("/dev/sda", 100, "S1"))).isTrue();
    }

    @Test
    void everyGivenHintMustMatch() throws Exception {
        var byNameAndSize = hints("{\"name\": \"sda\", \"size\": 100}");

        assertThat(byNameAndSize.matches(disk("/dev/sda", 100, "S1"))).isTrue();
        assertThat(byNameAndSize.matches(disk("/dev/sda", 200, "S1"))).isFalse();
        assertThat(byNameAndSize.matches(disk("/dev/sdb", 100, "S1"))).isFalse();
        assertThat(hints("{\"serial\": \"s1\"}").matches(disk("/dev/sdb", 100, "S1"))).isTrue();
    }

    @Test
    void unknownOrMalformedHintsAreRejectedWithTheirName() {
        assertThatThrownBy(() -> hints("{\"colour\": \"blue\"}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("colour");
        assertThatThrownBy(() -> hints("{\"size\": \"big\"}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("size");
        assertThatThrownBy(() -> hints("[1]"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("object");
    }
}
